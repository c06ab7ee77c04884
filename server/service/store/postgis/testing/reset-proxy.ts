// A TCP relay in front of the test cluster that can reset every connection through it and each
// new one: the database's connections broken by the network (ECONNRESET), while the HTTP
// client's own connection to the server stays whole.
import { connect, createServer, type Socket } from 'node:net';

export interface ResetProxy {
  port: number;
  /** Resets the connections through it, and every new one until `relay()`. */
  reset(): void;
  relay(): void;
  close(): Promise<void>;
}

export async function startResetProxy(targetPort: number): Promise<ResetProxy> {
  const open = new Set<Socket>();
  let resetting = false;
  const server = createServer((client) => {
    if (resetting) return void client.resetAndDestroy();
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    reset() {
      resetting = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    relay() {
      resetting = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
