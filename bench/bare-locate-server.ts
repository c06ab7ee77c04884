// The ceiling the locate hot path is compared with: a bare node:http handler over the same
// demo store answering the same locate requests with the same lookup, and nothing else (no
// token, no schema, no vintage check, no security headers, no usage count). Run by the bench
// in its own process, as the service is; `listening on <url>` tells it that it is ready.
import { createServer } from 'node:http';
import { locateOptions } from '../server/contract/schemas/locate';
import { loadDemoStore } from '../server/demo/load-demo-store';

const PATH = /^\/fabricext\/([^/]+)\/locate\?(.*)$/;
const DEFAULTS = locateOptions({});

async function main(): Promise<void> {
  const log = (line: string) => console.log(line);
  const locations = Number(process.env.DEMO_LOCATIONS);
  const store = await loadDemoStore({ ...(locations > 0 ? { locations } : {}), log });
  const server = createServer((req, res) => {
    const m = PATH.exec(req.url ?? '');
    const q = new URLSearchParams(m?.[2] ?? '');
    const point = {
      latitude: Number(q.get('latitude')),
      longitude: Number(q.get('longitude')),
      sourcekey: null,
    };
    store.locate(m?.[1] ?? '', point, DEFAULTS).then(
      (records) => {
        const body = JSON.stringify(records);
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        });
        res.end(body);
      },
      () => {
        res.writeHead(500).end();
      },
    );
  });
  const host = process.env.HOST ?? '127.0.0.1';
  server.listen(Number(process.env.PORT ?? 0), host, () => {
    const address = server.address();
    log(`listening on http://${host}:${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.on('SIGTERM', () => process.exit(0));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
