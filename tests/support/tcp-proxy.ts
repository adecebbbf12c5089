/**
 * A loopback TCP proxy the fault tests put between the app and PostgreSQL, so that they can
 * take the database away from the app (every connection cut, new ones refused) and give it
 * back, the way a database restart or a network failure looks to the app, without stopping
 * the PostgreSQL server other tests share.
 */
import net from 'node:net';

export interface TcpProxy {
  /** The loopback port the app connects to. */
  port: number;
  /** Cuts every open connection and refuses new ones until `restore`. */
  cut(): void;
  /** Accepts and forwards connections again. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts forwarding a free loopback port to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cutOff = false;
  const server = net.createServer((client) => {
    if (cutOff) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    open.add(client);
    open.add(upstream);
    const forget = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    cutOff = true;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut,
    restore() {
      cutOff = false;
    },
    async close() {
      cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
