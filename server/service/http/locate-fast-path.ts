// The standalone service's hot path: a GET /fabricext/{v}/locate with a valid token (the same
// check as Hono's) is answered on the node request, before Hono, by locate-answer.ts; every
// other request, and every refusal, goes on to the Hono app. An HTTP test holds the two paths
// to byte-identical answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from '../store/store';
import { clientKeyOf, digestToken, presentedToken, tokenMatches } from './auth';
import { isLocateTarget, LOCATE, locateAnswerer } from './locate-answer';
import { ANONYMOUS_ACCOUNT, type UsageMeter } from './usage-meter';

export interface LocateFastPath {
  /** Answers the request and resolves true, or resolves false and leaves it untouched. */
  (req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Requests answered here so far (for tests). */
  readonly handled: number;
}

/**
 * `usage`: the app's meter, so calls answered here count in getusage like any other. A valid
 * token is answered whatever its address has failed (auth-failures.ts); a failing one is Hono's
 * to count and refuse. `headers`: what every answer of the server carries (its security
 * headers), written with the answer's head: set one by one beforehand, they cost as much again
 * as writing the head.
 */
export async function locateFastPath(
  store: Store,
  tokens: readonly string[] | null,
  usage?: UsageMeter,
  headers: ReadonlyArray<readonly [string, string]> = [],
): Promise<LocateFastPath> {
  const digests = tokens?.filter((t) => t.length > 0).map(digestToken) ?? null;
  const head = headers.flat();
  const locate = locateAnswerer(store);
  let handled = 0;
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' || !req.url || !isLocateTarget(req.url)) return false;
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
    const answered = await locate(req.url);
    if (!answered) return false;
    res.writeHead(answered.status, [
      ...head,
      ...Object.entries(answered.headers).flat(),
      'Content-Type',
      'application/json',
      'Content-Length',
      String(Buffer.byteLength(answered.body)),
    ]);
    res.end(answered.body);
    handled++;
    usage?.record(account, LOCATE, answered.status);
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
