/**
 * Server-Sent Events at /api/events (SPEC.md sections 4 and 7 rows 3-4): every catalogue
 * NOTIFY is relayed to every connected browser as `event: catalogue`, and every workshop NOTIFY
 * (a work ticket moved or assigned, issue 31 item 3) as `event: workshop`, which only the
 * production board listens to. Each instance LISTENs itself, so with several instances on one
 * PostgreSQL every browser hears every change. The payloads name a table and an operation only.
 */
import type { Request, Response } from 'express';
import ipaddr from 'ipaddr.js';
import type { Database } from './db.server';

/** Heartbeat interval in ms; keeps proxies from closing idle streams. */
const HEARTBEAT_MS = 25_000;
/** Reconnection delay in ms the browser is told to use. */
const RETRY_MS = 2_000;

/**
 * How many streams one instance holds open (issue 17 item 8: 17,000 anonymous streams slowed
 * /healthz to seconds). Beyond `perAddress` from one client address the answer is 429, beyond
 * `total` 503, both with `Retry-After`; a page works without its live updates.
 */
export interface StreamLimits {
  perAddress: number;
  total: number;
}

/** The default stream limits: generous for a shop behind carrier-grade NAT, small for memory. */
const STREAM_LIMITS: StreamLimits = { perAddress: 20, total: 2_000 };

/** Seconds a refused browser is told to wait before it tries again. */
const STREAM_RETRY_AFTER_S = 60;

/** The address a stream counts against: IPv4 as it is, IPv6 by its /64 (one home or phone). */
function streamAddress(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return (address as ipaddr.IPv6).parts.slice(0, 4).join(':');
}

export interface EventHub {
  /** Express handler of GET /api/events. */
  handle(req: Request, res: Response): void;
  /** How many browsers are connected. */
  size(): number;
  /** Ends every stream and stops listening (for shutdown). */
  close(): Promise<void>;
}

/**
 * Starts listening on the 'catalogue' and 'workshop' channels and returns the hub.
 * @throws when the LISTEN cannot be set up.
 */
export async function createEventHub(
  database: Database,
  limits: StreamLimits = STREAM_LIMITS,
): Promise<EventHub> {
  const clients = new Set<Response>();
  const perAddress = new Map<string, number>();
  const relay = (event: string) => (payload: string) => {
    const data = payload.replace(/[\r\n]+/g, ' ');
    for (const res of clients) res.write(`event: ${event}\ndata: ${data}\n\n`);
  };
  const unlistenCatalogue = await database.listen('catalogue', relay('catalogue'));
  const unlistenWorkshop = await database.listen('workshop', relay('workshop'));
  const unlisten = async () => {
    await unlistenCatalogue();
    await unlistenWorkshop();
  };
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
      const address = streamAddress(req.ip);
      const held = perAddress.get(address) ?? 0;
      const refusal =
        held >= limits.perAddress
          ? { status: 429, message: 'Too many live-update streams from your address.' }
          : clients.size >= limits.total
            ? { status: 503, message: 'Live updates are busy. The page works without them.' }
            : null;
      if (refusal) {
        res
          .status(refusal.status)
          .set({ 'Retry-After': String(STREAM_RETRY_AFTER_S), 'Cache-Control': 'no-store' })
          .type('text/plain')
          .send(`${refusal.message} Please try again in a minute.`);
        return;
      }
      perAddress.set(address, held + 1);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      res.flushHeaders();
      clients.add(res);
      req.on('close', () => {
        if (!clients.delete(res)) return;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
    },
    size: () => clients.size,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
      perAddress.clear();
      await unlisten();
    },
  };
}
