/**
 * HTTP requests with nothing normalised on the way: the path exactly as written (`/admin/..`,
 * `%00`), any method (TRACE), any bytes as the body (invalid UTF-8, truncated multipart), and
 * a declared length larger than what is sent, for the attack and fuzz tests. `fetch` would
 * resolve dot segments, refuse TRACE and fix the length.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { TIMEOUTS } from './timeouts';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** Path and query, sent as they are. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /**
   * A Content-Length larger than the body: the request is answered (or not) before the rest
   * arrives, and the connection is dropped after the answer.
   */
  declaredLength?: number;
}

/** Sends one request to `origin` (http://127.0.0.1:port) and reads the whole answer. */
export function rawRequest(origin: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  const headers: Record<string, string> = { ...request.headers };
  if (request.declaredLength !== undefined)
    headers['Content-Length'] = String(request.declaredLength);
  else if (body) headers['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: hostname,
        port: Number(port),
        method: request.method ?? 'GET',
        path: request.path,
        headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
          if (request.declaredLength !== undefined) outgoing.destroy();
        });
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(TIMEOUTS.expectation * 3, () =>
      outgoing.destroy(new Error(`no answer to ${request.method ?? 'GET'} ${request.path}`)),
    );
    outgoing.on('error', reject);
    if (body) outgoing.write(body);
    if (request.declaredLength === undefined) outgoing.end();
  });
}

/** A made-up client address, sent as X-Forwarded-For, so limits per address meet only where wanted. */
export function randomClientIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${(bytes[2]! % 250) + 1}`;
}
