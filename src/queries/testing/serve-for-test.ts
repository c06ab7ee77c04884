// Test support: serves a Hono app (the reference service) on 127.0.0.1 with a free port and
// points the client at it, so hook tests exercise real routes, validation and parsing.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { getApiBase, setApiBase } from '../../api/http';

export interface TestServer {
  baseUrl: string;
  close: () => Promise<void>;
}

interface FetchApp {
  fetch: (request: Request) => Response | Promise<Response>;
}

export async function serveForTest(app: FetchApp): Promise<TestServer> {
  const previousBase = getApiBase();
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  setApiBase(baseUrl);
  return {
    baseUrl,
    close: () =>
      new Promise<void>((resolve, reject) => {
        setApiBase(previousBase);
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
