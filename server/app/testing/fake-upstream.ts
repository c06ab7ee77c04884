// A stand-in for the real service on a loopback port: records what the app server forwards
// (method, path, query, headers, body size) and answers with small fixed bodies in the
// contract's shapes. `hang` makes it never answer (timeouts); `behaviour` makes it misbehave
// (testing/hostile-answers.ts); closing it makes it unreachable.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { closeServer, listen } from '../../node-http/http-server';
import { answerHostile, type HostileBehaviour, type HostileStats } from './hostile-answers';

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
  /** While set, every request is answered this way instead of normally. */
  behaviour: HostileBehaviour | null;
  stats: HostileStats;
  close(): Promise<void>;
}

const FIXED_RECORD = {
  location_id: '1000000001',
  provider_id: 130077,
  frn: '0001234567',
  brand_name: 'Demo Fiber',
  technology_code: 50,
  max_advertised_download_speed: 1000,
  max_advertised_upload_speed: 1000,
  low_latency: 1,
  business_residential_code: 'X',
  coverage: 1,
};

const MOBILE_RECORD = {
  h3_res9_id: '892664c1a2bffff',
  frn: '0007654321',
  providerid: 131425,
  brandname: 'Demo Mobile',
  technology: 400,
  mindown: 35,
  minup: 3,
  minsignal: -100,
  environment: 1,
};

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
  if (path.endsWith('/coverage/bdcfixed')) return [FIXED_RECORD];
  if (path.endsWith('/coverage/bdcmobile')) return [MOBILE_RECORD];
  return { path };
}

export async function startFakeUpstream(basePath = ''): Promise<FakeUpstream> {
  const held: Array<() => void> = [];
  const fake: FakeUpstream = {
    url: '',
    seen: [],
    hang: false,
    behaviour: null,
    stats: { hugeBytesSent: 0 },
    close: async () => undefined,
  };
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
      if (fake.behaviour) return answerHostile(fake.behaviour, req, res, fake.stats);
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=upstream' });
      res.end(JSON.stringify(answerFor(url.pathname)));
    });
  });
  const port = await listen(server, 0, '127.0.0.1');
  fake.url = `http://127.0.0.1:${port}${basePath}`;
  fake.close = () => {
    for (const release of held.splice(0)) release();
    return closeServer(server);
  };
  return fake;
}
