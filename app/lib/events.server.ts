/**
 * Server-Sent Events at /api/events (SPEC.md sections 4 and 7 rows 3-4): every catalogue
 * NOTIFY is relayed to every connected browser as `event: catalogue`. Each instance LISTENs
 * itself, so with several instances on one PostgreSQL every browser hears every change.
 */
import type { Request, Response } from 'express';
import type { Database } from './db.server';

/** Heartbeat interval in ms; keeps proxies from closing idle streams. */
export const HEARTBEAT_MS = 25_000;
/** Reconnection delay in ms the browser is told to use. */
export const RETRY_MS = 2_000;

export interface EventHub {
  /** Express handler of GET /api/events. */
  handle(req: Request, res: Response): void;
  /** How many browsers are connected. */
  size(): number;
  /** Ends every stream and stops listening (for shutdown). */
  close(): Promise<void>;
}

/**
 * Starts listening on the 'catalogue' channel and returns the hub.
 * @throws when the LISTEN cannot be set up.
 */
export async function createEventHub(database: Database): Promise<EventHub> {
  const clients = new Set<Response>();
  const send = (payload: string) => {
    const data = payload.replace(/[\r\n]+/g, ' ');
    for (const res of clients) res.write(`event: catalogue\ndata: ${data}\n\n`);
  };
  const unlisten = await database.listen('catalogue', send);
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(`: ping\n\n`);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let closed = false;
  return {
    handle(req, res) {
      // A browser reconnecting to an instance that is stopping gets its connection dropped: a
      // network error makes EventSource retry (through the proxy, another instance), where an
      // error status would stop it for good; and the stop is not held by a new stream.
      if (closed) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      res.flushHeaders();
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
    size: () => clients.size,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
      await unlisten();
    },
  };
}
