/**
 * The embedded database on the PostgreSQL wire protocol at 127.0.0.1:PGLITE_SOCKET_PORT, so
 * `psql` (and the end-to-end tests) can reach the database the running server holds.
 * Notifications raised by statements sent over the socket are handed to the app's listeners.
 */
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Database } from '~/lib/db.server';
import { NotificationScanner } from '~/lib/pg-notifications';

type RawStreamOptions = Parameters<PGlite['execProtocolRawStream']>[1];

/** How many clients the socket serves at once (the library's default is 1). */
const SOCKET_CLIENTS = 8;

/** Starts the socket server; resolves once it listens. */
export async function startPgliteSocket(
  database: Database & { pglite: PGlite },
  port: number,
): Promise<{ stop(): Promise<void> }> {
  const pglite = database.pglite;
  const deliver = (channel: string, payload: string) =>
    database.deliverNotification?.(channel, payload);
  const watched = new Proxy(pglite, {
    get(target, property) {
      if (property === 'execProtocolRawStream') {
        return (message: Uint8Array, options: RawStreamOptions) => {
          const scanner = new NotificationScanner(deliver);
          return target.execProtocolRawStream(message, {
            ...options,
            onRawData: (chunk: Uint8Array) => {
              scanner.push(chunk);
              options.onRawData(chunk);
            },
          });
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  // Several clients at once (two end-to-end workers, psql beside them): the server runs their
  // statements one at a time on the one embedded session, so a client's transaction is not
  // isolated from another client's statements. The socket is for tools and tests only; the
  // app talks to PGlite directly.
  const server = new PGLiteSocketServer({
    db: watched,
    port,
    host: '127.0.0.1',
    maxConnections: SOCKET_CLIENTS,
  });
  await server.start();
  return { stop: () => server.stop() };
}
