// Ways a real upstream can misbehave, each as a handler for the fake upstream: answers that are
// slow, broken off, not what they claim, enormous (streamed lazily, never built in memory),
// odd statuses, and errors that would leak internals if passed on verbatim.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

export type HostileBehaviour =
  | 'slow-body'
  | 'reset'
  | 'garbage'
  | 'invalid-shape'
  | 'huge'
  | 'huge-declared'
  | 'gzip-bomb'
  | 'status-204'
  | 'status-304'
  | 'redirect'
  | 'rate-limited'
  | 'rate-limited-date'
  | 'status-999'
  | 'stack-500'
  | 'html-502'
  | 'refusal-400'
  | 'maxcount-422'
  | 'lenient-mobile';

export const HUGE_BYTES = 300 * 1024 * 1024;

/** Leaks an upstream must never pass on: a stack frame, a database URL with a password. */
export const LEAKS = {
  stackFrame: 'at handler (/srv/fabric/routes/coverage.js:42:13)',
  databaseUrl: 'postgres://svc:hunter2@db.internal:5432/fabric',
};

export interface HostileStats {
  /** Body bytes the huge answers actually wrote before the client stopped reading. */
  hugeBytesSent: number;
}

function json(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** `total` bytes of JSON-looking text, produced only as fast as the client reads them. */
function lazyBytes(total: number, stats: HostileStats): Readable {
  const chunk = Buffer.alloc(64 * 1024, '{"a":1},');
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += part.length;
      stats.hugeBytesSent += part.length;
      this.push(part);
    },
  });
}

function stream(res: ServerResponse, body: Readable): void {
  body.pipe(res);
  // The client hanging up must stop production, or the fake would keep generating.
  res.on('close', () => body.destroy());
}

export function answerHostile(
  behaviour: HostileBehaviour,
  _req: IncomingMessage,
  res: ServerResponse,
  stats: HostileStats,
): void {
  switch (behaviour) {
    case 'slow-body': {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'reset':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
      res.write('[{"location_id":"1000000001",');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    case 'garbage':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html><body>Service temporarily unavailable</body></html>');
      return;
    case 'invalid-shape':
      return json(res, 200, { records: 'none', note: 'not the documented answer' });
    case 'huge':
      res.writeHead(200, { 'content-type': 'application/json' });
      return stream(res, lazyBytes(HUGE_BYTES, stats));
    case 'huge-declared':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': HUGE_BYTES });
      return stream(res, lazyBytes(HUGE_BYTES, stats));
    case 'gzip-bomb': {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      const gzip = createGzip();
      const source = lazyBytes(HUGE_BYTES, stats);
      source.pipe(gzip);
      res.on('close', () => source.destroy());
      return stream(res, gzip);
    }
    case 'status-204':
      res.writeHead(204);
      return void res.end();
    case 'status-304':
      res.writeHead(304, { etag: '"v1"' });
      return void res.end();
    case 'redirect':
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return void res.end();
    case 'rate-limited':
      return json(
        res,
        429,
        { error: { code: 'rate_limited', message: 'slow down' } },
        {
          'retry-after': '17',
        },
      );
    case 'rate-limited-date':
      return json(res, 429, { message: 'quota' }, { 'retry-after': 'soon, maybe' });
    case 'status-999':
      return json(res, 999, { odd: true });
    case 'stack-500':
      return json(res, 500, {
        error: {
          code: 'internal',
          message: `TypeError: Cannot read properties of undefined\n    ${LEAKS.stackFrame}`,
          details: { database: LEAKS.databaseUrl, stack: `Error\n    ${LEAKS.stackFrame}` },
        },
        stack: LEAKS.stackFrame,
      });
    case 'html-502':
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(
        `<html><body><h1>502 Bad Gateway</h1>nginx/1.25 at ${LEAKS.databaseUrl}</body></html>`,
      );
      return;
    case 'refusal-400':
      return json(res, 400, {
        error: {
          code: 'invalid_parameter',
          message: 'neardistancem must be at most 100',
          details: { parameter: 'neardistancem', trace: LEAKS.stackFrame },
        },
      });
    case 'lenient-mobile':
      // Not hostile: the forms a real deployment sends that the reference service never does.
      return json(res, 200, [
        {
          h3_res9_id: '892664c1a2bffff',
          frn: '0007654321',
          providerid: '131425',
          brandname: 'Demo Mobile',
          technology: 3,
          mindown: 0.2,
          minup: 0.05,
          minsignal: -100,
          environment: 0,
          extra_field: 'kept',
        },
      ]);
    case 'maxcount-422':
      return json(res, 422, {
        error: {
          code: 'maxcount_exceeded',
          message: 'the area holds 72000 locations; at most 50000 can be summarized at once',
          locationcount: 72000,
          maxcount: 50000,
        },
        locationcount: 72000,
        maxcount: 50000,
      });
  }
}
