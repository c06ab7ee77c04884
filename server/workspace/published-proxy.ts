// Stands in for the real service in the sync's tests and its benchmark (bench/sync-figures.ts):
// the reference service (as `npm run service` runs it) over a demo fabric, behind a proxy that offers only the operations
// the real service publishes (docs/REAL-API.md; a JSON 404 for the project's own), counts the
// requests per operation, and can answer a request with a fault instead (a 429, a broken body,
// a dropped connection) to test what the sync does then.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultLimits } from '../config/server-env';
import { findOperation } from '../contract/operations';
import { startStandaloneService } from '../service/standalone-server';
import type { Fabric } from '../service/store/fabric';
import { createMemoryStore } from '../service/store/memory/memory-store';

export const TOKEN = 'sync-test-token';

/** The operations of the real service, by the reference service's names for them. */
const PUBLISHED = new Set([
  'listApis',
  'getUsage',
  'fabricVintages',
  'fabricLayers',
  'fields',
  'data',
  'bulk',
  'collect3',
  'history',
  'translate',
  'locate',
  'locateBulk',
  'match',
  'matchBulk',
  'summarize',
  'coverageVintages',
  'fixedCoverage',
  'fixedCoverageBulk',
  'mobileCoverage',
  'mobileCoverageBulk',
  'h3Assign',
  'boundary',
]);

export interface SeenRequest {
  op: string;
  method: string;
  path: string;
  body: string;
  status: number;
}

/** What to answer instead of the service: a status and body, or the service's body altered. */
export type Fault =
  | { status: number; headers?: Record<string, string>; body: string }
  | { alter: (body: string) => string }
  | { drop: true }
  /** Answered as the service answers, this long after (a slow service: progress to watch). */
  | { delayMs: number };

export interface PublishedProxy {
  url: string;
  seen: SeenRequest[];
  /** Requests per operation name ("bulk": 12), 404s of unpublished operations included. */
  counts(): Record<string, number>;
  /** Decides, per request, whether to answer with a fault. */
  fault: ((req: SeenRequest, n: number) => Fault | undefined) | null;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((ok, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });

function sendJson(res: ServerResponse, status: number, body: string, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

export async function startPublishedProxy(fabric: Fabric, token = TOKEN): Promise<PublishedProxy> {
  const service = await startStandaloneService({
    store: createMemoryStore(fabric),
    tokens: [token],
    port: 0,
    host: '127.0.0.1',
    limits: defaultLimits(),
  });
  const seen: SeenRequest[] = [];
  const proxy: PublishedProxy = {
    url: '',
    seen,
    fault: null,
    counts: () => {
      const out: Record<string, number> = {};
      for (const r of seen) out[r.op] = (out[r.op] ?? 0) + 1;
      return out;
    },
    close: async () => {
      await new Promise((ok) => server.close(ok));
      await service.close();
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://proxy');
      const body = await readBody(req);
      const op = findOperation(req.method ?? 'GET', url.pathname);
      const name = op?.name ?? 'unknown';
      const unpublished =
        !op ||
        !PUBLISHED.has(op.name) ||
        (op.name === 'summarize' &&
          (url.searchParams.has('coverage') || url.searchParams.has('audience')));
      const entry: SeenRequest = {
        op: unpublished ? `unpublished ${name}` : name,
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        body,
        status: 0,
      };
      seen.push(entry);
      if (unpublished) {
        entry.status = 404;
        const message = `${req.method} ${url.pathname} is not an operation the service publishes`;
        return sendJson(res, 404, JSON.stringify({ error: { code: 'not_found', message } }));
      }
      const fault = proxy.fault?.(entry, seen.filter((r) => r.op === entry.op).length);
      if (fault && 'drop' in fault) {
        entry.status = -1;
        return void req.socket.destroy();
      }
      if (fault && 'status' in fault) {
        entry.status = fault.status;
        return sendJson(res, fault.status, fault.body, fault.headers);
      }
      if (fault && 'delayMs' in fault) await new Promise((ok) => setTimeout(ok, fault.delayMs));
      const headers: Record<string, string> = {};
      for (const h of ['authorization', 'apikey', 'content-type', 'accept']) {
        const v = req.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      const answer = await fetch(service.url + url.pathname + url.search, {
        method: req.method ?? 'GET',
        headers,
        ...(body ? { body } : {}),
      });
      let text = await answer.text();
      if (fault && 'alter' in fault) text = fault.alter(text);
      entry.status = answer.status;
      const retry = answer.headers.get('retry-after');
      sendJson(res, answer.status, text, retry ? { 'retry-after': retry } : {});
    })().catch((err: unknown) => {
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
