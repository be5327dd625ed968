/**
 * A TCP proxy for tests that cut a dependency (Redis, PostgreSQL) off the app and bring it back,
 * without touching the real server.
 */
import net from 'node:net';

/** A TCP proxy to `target` on a fixed local port that can be closed (every connection cut) and reopened. */
export async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    port = (listening.address() as net.AddressInfo).port;
  };
  await open();
  return {
    get port() {
      return port;
    },
    /** Cuts every connection and refuses new ones. */
    async cut() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    /** Accepts connections again, on the same port. */
    reopen: open,
  };
}
