// A stand-in for the real service on a loopback port: records what the app server forwards
// (method, path, query, headers, body size) and answers with small fixed bodies. `hang`
// makes it never answer (timeouts); closing it makes it unreachable.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

export interface FakeUpstream {
  url: string;
  seen: SeenRequest[];
  /** While true, requests are held open and never answered. */
  hang: boolean;
  close(): Promise<void>;
}

function answerFor(path: string): unknown {
  if (path.endsWith('/fabric/vintages')) {
    return [
      {
        vintage: '202506',
        svcversion: 11,
        fccversion: '7',
        fccrelease: '06302025',
        vintagename: 'june2025',
      },
    ];
  }
  if (path.endsWith('/coverage/vintages')) return ['202412', '202506'];
  return { path };
}

export async function startFakeUpstream(basePath = ''): Promise<FakeUpstream> {
  const held: Array<() => void> = [];
  const fake: FakeUpstream = { url: '', seen: [], hang: false, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream.test');
      fake.seen.push({
        method: req.method ?? '',
        path: url.pathname.slice(basePath.length),
        query: url.searchParams,
        headers: req.headers,
        bodyBytes,
      });
      if (fake.hang) {
        held.push(() => res.destroy());
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=upstream' });
      res.end(JSON.stringify(answerFor(url.pathname)));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}${basePath}`;
  fake.close = () =>
    new Promise<void>((done) => {
      for (const release of held.splice(0)) release();
      server.closeAllConnections();
      server.close(() => done());
    });
  return fake;
}
