// The standalone service's hot path: locate is the operation clicked most and benchmarked at
// thousands of requests a second, and Hono's routing, async validation and Request/Response
// adapters cost more than the lookup itself. A GET /fabricext/{v}/locate that passes the same
// token check, the same zod schemas (the plain latitude-and-longitude query read by their rules
// without zod, plain-locate-query.ts) and the same vintage check is answered here straight from
// the store; everything else (every error included) goes on to the Hono app, which owns every
// error body, but a database that cannot be reached: asked again through Hono, it would be
// waited for twice. An HTTP test holds the two paths to byte-identical answers.
import type { z } from '@hono/zod-openapi';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from '../store/store';
import { StoreUnavailable } from '../store/store-unavailable';
import { LocateQuery, locateOptions } from '../schemas/locate';
import { clientKeyOf, digestToken, presentedToken, tokenMatches } from './auth';
import { plainPoint } from './plain-locate-query';
import { OPERATIONS } from './operations';
import { storeUnavailableError } from './store-health';
import { ANONYMOUS_ACCOUNT, type UsageMeter } from './usage-meter';

const LOCATE_PATH = /^\/fabricext\/([^/]+)\/locate$/;
type LocateQueryOutput = z.output<typeof LocateQuery>;

export interface LocateFastPath {
  /** Answers the request and resolves true, or resolves false and leaves it untouched. */
  (req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Requests answered here so far (for tests). */
  readonly handled: number;
}

const LOCATE = OPERATIONS.find((o) => o.name === 'locate')!;

/**
 * `usage`: the app's meter, so calls answered here count in getusage like any other. A valid
 * token is answered whatever its address has failed (auth-failures.ts); a failing one is Hono's
 * to count and refuse.
 */
export async function locateFastPath(
  store: Store,
  tokens: readonly string[] | null,
  usage?: UsageMeter,
): Promise<LocateFastPath> {
  const digests = tokens?.filter((t) => t.length > 0).map(digestToken) ?? null;
  // The store's vintages are fixed once it is loaded; an unknown one is Hono's to refuse.
  const vintages = new Set((await store.fabricVintages()).map((v) => v.vintage));
  let handled = 0;
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' || !req.url) return false;
    const q = req.url.indexOf('?');
    const path = LOCATE_PATH.exec(q < 0 ? req.url : req.url.slice(0, q));
    if (!path) return false;
    let account = ANONYMOUS_ACCOUNT;
    if (digests) {
      const apikey = req.headers.apikey;
      const token = presentedToken(
        req.headers.authorization,
        typeof apikey === 'string' ? apikey : undefined,
      );
      const digest = token === null ? null : digestToken(token);
      if (digest === null || !tokenMatches(digest, digests)) return false;
      account = clientKeyOf(digest);
    }
    // As sent: an encoded vintage is no known one, and Hono refuses it (plain-path.ts).
    const vintage = path[1]!;
    if (!vintages.has(vintage)) return false;
    const params = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
    const query: Record<string, string> = {};
    for (const [key, value] of params) {
      // A repeated parameter is Hono's to refuse, with its own message.
      if (key in query) return false;
      query[key] = value;
    }
    const lq: LocateQueryOutput | undefined =
      plainPoint(query) ?? LocateQuery.safeParse(query).data;
    if (!lq) return false;
    // Where URLSearchParams and Hono decode a malformed %-sequence differently, the former
    // leaves U+FFFD; such a sourcekey is Hono's to echo, in its own decoding.
    if (lq.sourcekey?.includes('\uFFFD')) return false;
    const point = {
      latitude: lq.latitude,
      longitude: lq.longitude,
      sourcekey: lq.sourcekey ?? null,
    };
    let status = 200;
    let headers: Record<string, string> = {};
    let body: string;
    try {
      body = JSON.stringify(await store.locate(vintage, point, locateOptions(lq)));
    } catch (err) {
      if (!(err instanceof StoreUnavailable)) throw err;
      const refusal = storeUnavailableError(err);
      [status, headers, body] = [
        refusal.status,
        refusal.headers ?? {},
        JSON.stringify(refusal.body()),
      ];
    }
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
    handled++;
    usage?.record(account, LOCATE, status);
    return true;
  };
  const fastPath = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    try {
      return await answer(req, res);
    } catch {
      // Nothing is written before the answer is computed, so Hono can still answer (and its
      // onError logs whatever threw or rejected, as it would have without the hot path).
      return false;
    }
  };
  return Object.defineProperty(fastPath, 'handled', { get: () => handled }) as LocateFastPath;
}
