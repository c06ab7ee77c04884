// A GET locate answered straight from the store, for the two places that answer it ahead of
// Hono: the standalone service's hot path (locate-fast-path.ts) and the app server's embedded
// backend. Locate is the operation clicked most, and Hono's routing, async validation and
// Request/Response adapters cost more than the lookup itself. Only a request Hono would answer
// with a locate is answered here, by the same zod schemas (the plain latitude-and-longitude
// query read by their rules without zod, plain-locate-query.ts) and the same vintage check;
// every refusal is left to Hono, which owns every error body, but a database that cannot be
// reached: asked again through Hono, it would be waited for twice.
import type { z } from '@hono/zod-openapi';
import { LocateQuery, locateOptions } from '../../contract/schemas/locate';
import type { Store } from '../store/store';
import { StoreUnavailable } from '../store/store-unavailable';
import { OPERATIONS } from '../../contract/operations';
import { plainPoint } from './plain-locate-query';
import { storeUnavailableError } from './store-health';

const LOCATE_PATH = /^\/fabricext\/([^/]+)\/locate$/;

/** The operation answered here, for usage meters. */
export const LOCATE = OPERATIONS.find((o) => o.name === 'locate')!;

export interface LocateAnswer {
  status: number;
  /** Headers beside Content-Type (always application/json). */
  headers: Record<string, string>;
  body: string;
}

/** Whether a request target (path and query as sent) names locate at all. */
export function isLocateTarget(target: string): boolean {
  const q = target.indexOf('?');
  return LOCATE_PATH.test(q < 0 ? target : target.slice(0, q));
}

/**
 * Answers `GET target` (path and query as sent), or resolves null: Hono's to answer. Rejects
 * when the store throws (Hono, asked then, logs it). The store's vintages are read on the
 * first call (again on the next, if the store could not say).
 */
export function locateAnswerer(store: Store): (target: string) => Promise<LocateAnswer | null> {
  // The store's vintages are fixed once it is loaded; an unknown one is Hono's to refuse.
  let vintages: Set<string> | null = null;
  const known = async () =>
    (vintages ??= new Set((await store.fabricVintages()).map((v) => v.vintage)));
  return async (target) => {
    const q = target.indexOf('?');
    const path = LOCATE_PATH.exec(q < 0 ? target : target.slice(0, q));
    if (!path) return null;
    // As sent: an encoded vintage is no known one, and Hono refuses it (plain-path.ts).
    const vintage = path[1]!;
    if (!(vintages ?? (await known())).has(vintage)) return null;
    const query: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(q < 0 ? '' : target.slice(q + 1))) {
      // A repeated parameter is Hono's to refuse, with its own message.
      if (key in query) return null;
      query[key] = value;
    }
    const lq: z.output<typeof LocateQuery> | undefined =
      plainPoint(query) ?? LocateQuery.safeParse(query).data;
    if (!lq) return null;
    // Where URLSearchParams and Hono decode a malformed %-sequence differently, the former
    // leaves U+FFFD; such a sourcekey is Hono's to echo, in its own decoding.
    if (lq.sourcekey?.includes('\uFFFD')) return null;
    const point = {
      latitude: lq.latitude,
      longitude: lq.longitude,
      sourcekey: lq.sourcekey ?? null,
    };
    try {
      const records = await store.locate(vintage, point, locateOptions(lq));
      return { status: 200, headers: {}, body: JSON.stringify(records) };
    } catch (err) {
      if (!(err instanceof StoreUnavailable)) throw err;
      const refusal = storeUnavailableError(err);
      return {
        status: refusal.status,
        headers: refusal.headers ?? {},
        body: JSON.stringify(refusal.body()),
      };
    }
  };
}
