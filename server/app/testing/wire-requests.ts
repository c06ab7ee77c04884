// Whole HTTP/1.1 requests as bytes, for fuzzing a server over a raw socket: every operation of
// the service (its usual values, and any path its pattern admits), any method, and heads and
// bodies broken the ways clients and attackers break them (bad framing, odd versions, junk
// header lines, missing or foreign Host, truncation). Each part is usually well formed, so runs
// reach past the parser into the front door, the routes and the store.
import * as fc from 'fast-check';
import { OPERATIONS } from '../../contract/operations';
import { ENDPOINTS, junk } from '../../service/http-tests/endpoint-arbitraries';
import { frame, framing, waitsForBody } from './wire-framing';

export interface WireRequest {
  bytes: string;
  method: string;
  /** The server must wait for bytes that never come: the client half-closes instead. */
  incomplete: boolean;
  /** What the case is, for failure messages. */
  label: string;
}

export interface WireTarget {
  /** "/api" on the app server, "" standalone. */
  base: string;
  /** host:port the server answers to. */
  host: string;
  /** Auth headers a valid request carries. */
  auth: Record<string, string>;
}

/** `arb` once in `every` draws, null otherwise. */
const sometimes = <T>(arb: fc.Arbitrary<T>, every: number) =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

/** Path, query and body of an operation, from the shared endpoint arbitraries or its pattern. */
const operationRequest = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...ENDPOINTS)
      .chain((e) => e.request.map((r) => ({ method: e.method, ...r }))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...OPERATIONS).chain((op) =>
      fc.stringMatching(op.pattern).map((path) => ({
        method: op.method,
        path,
        query: {} as Partial<Record<string, string>>,
        body: op.method === 'POST' ? ([] as unknown) : undefined,
        raw: undefined as string | undefined,
      })),
    ),
  },
);

const oddTarget = fc.constantFrom(
  '/',
  '*',
  '/index.html',
  '/assets/missing.js',
  '/some/client/route',
  '/api',
  '/api/',
  '/api/openapi.json',
  '/openapi.json',
  '/%zz',
  '/a\\b',
  '/..%2f..%2fetc/passwd',
  '//double//slash',
  '/x?%',
  '/x#frag',
  'http://attacker.example/api/health',
  `/${'a'.repeat(17_000)}`,
);

const method = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) }, // the operation's own
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'DELETE',
      'OPTIONS',
      'PATCH',
      'TRACE',
      'CONNECT',
      'PROPFIND',
      'M-SEARCH',
      'QUERY',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('BREW', 'get', 'G ET', '', 'GET\u0000', 'PRI') },
);

const version = fc.oneof(
  { weight: 12, arbitrary: fc.constant('HTTP/1.1') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'HTTP/1.0',
      'HTTP/2.0',
      'HTTP/0.9',
      'HTTP/1.1 x',
      'HTTP/x',
      'http/1.1',
      '',
    ),
  },
);

const headerName = fc.oneof(
  fc.constantFrom(
    'X-Junk',
    'Accept',
    'Cookie',
    'Upgrade',
    'Transfer-Encoding',
    'Content-Length',
    'Host',
    'Expect',
    'Sec-Fetch-Site',
    'Origin',
    'X-Request-Id',
    'Connection',
  ),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }),
);
const junkHeader = fc.oneof(
  fc.tuple(headerName, junk).map(([n, v]) => `${n}: ${v}`),
  fc.constantFrom(
    'No-Colon-Line',
    ' folded continuation',
    'Bad Name: x',
    ': empty-name',
    'X-Ctl: a\u0001b',
    'X-Utf8: ümlaut',
    `X-Big: ${'b'.repeat(17_000)}`,
    'Expect: 100-continue',
    'Expect: teapot',
    'Connection: Upgrade\r\nUpgrade: websocket',
    'Sec-Fetch-Site: cross-site',
    'Origin: http://attacker.example',
    'Origin: null',
    'X-Request-Id: abc def',
    'Content-Type: text/plain',
    'Content-Type: application/x-www-form-urlencoded',
  ),
);

export function wireRequest(target: WireTarget): fc.Arbitrary<WireRequest> {
  const host = fc.oneof(
    { weight: 10, arbitrary: fc.constant([`Host: ${target.host}`]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        [],
        ['Host: attacker.example'],
        ['Host: a b'],
        ['Host: '],
        [`Host: ${target.host}`, 'Host: other.example'],
        [`Host: localhost:${target.host.split(':')[1]}`],
      ),
    },
  );
  const auth = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constant(Object.entries(target.auth).map(([k, v]) => `${k}: ${v}`)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        [],
        ['Authorization: Bearer wrong'],
        ['Authorization: Basic eDp5'],
        ['apikey: '],
      ),
    },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant(['Content-Type: application/json']) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        [],
        ['Content-Type: text/plain;charset=UTF-8'],
        ['Content-Type: application/json; charset=latin1'],
        ['Content-Type: ;;'],
      ),
    },
  );
  const connection = fc.constantFrom(
    ['Connection: close'],
    ['Connection: close'],
    ['Connection: keep-alive'],
    [],
  );
  const eol = fc.oneof(
    { weight: 15, arbitrary: fc.constant('\r\n') },
    { weight: 1, arbitrary: fc.constantFrom('\n', '\r') },
  );

  return fc
    .record({
      op: operationRequest,
      odd: sometimes(oddTarget, 6),
      method,
      version,
      host,
      auth,
      contentType,
      connection,
      extra: sometimes(fc.array(junkHeader, { minLength: 1, maxLength: 3 }), 5),
      framing,
      eol,
      cut: sometimes(fc.double({ min: 0, max: 1, noNaN: true }), 12),
      trailer: sometimes(fc.string({ maxLength: 20 }), 10),
    })
    .map((r) => {
      const search = new URLSearchParams(r.op.query as Record<string, string>).toString();
      const path = r.odd ?? `${target.base}${r.op.path}${search ? `?${search}` : ''}`;
      const m = r.method ?? r.op.method;
      const body = r.op.raw ?? (r.op.body === undefined ? '' : JSON.stringify(r.op.body));
      const framed = m === 'GET' || m === 'HEAD' ? frame('none', '') : frame(r.framing, body);
      const lines = [
        `${m} ${path} ${r.version}`.trimEnd(),
        ...r.host,
        ...r.auth,
        ...(body ? r.contentType : []),
        ...r.connection,
        ...(r.extra ?? []),
        ...framed.headers,
      ];
      let bytes = `${lines.join(r.eol)}${r.eol}${r.eol}${framed.payload}${r.trailer ?? ''}`;
      // Junk header lines may frame the body too (a Content-Length the framing did not choose).
      let incomplete =
        framed.incomplete || waitsForBody(lines.slice(1), `${framed.payload}${r.trailer ?? ''}`);
      if (r.cut !== null) {
        bytes = bytes.slice(0, Math.floor(bytes.length * r.cut));
        incomplete = true;
      }
      // A head that never ends (a lone CR or LF line ending) also waits for more.
      if (r.eol === '\r') incomplete = true;
      const label = `${m} ${path.slice(0, 80)} ${r.version} framing=${r.framing} cut=${r.cut ?? '-'}`;
      return { bytes, method: m, incomplete, label };
    });
}
