// Reading an upstream answer's body with a byte cap: the body is streamed and the read stops
// (and the connection is dropped) as soon as it passes the cap, so a 300 MB answer never sits
// in memory. The cap counts decoded bytes, so a small gzip bomb stops at the same point.
import { readStreamCapped } from '../contract/body';

export const DEFAULT_UPSTREAM_MAX_BYTES = 32 * 1024 * 1024;

/** The body was longer than the cap (declared or streamed). */
export class UpstreamTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`upstream answer larger than ${limit} bytes`);
    this.name = 'UpstreamTooLarge';
  }
}

/**
 * The whole body, or UpstreamTooLarge once more than `limit` bytes arrive. Errors of the
 * stream itself (timeout, reset) are thrown as they come.
 */
export async function readUpstreamBody(res: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  const encoded = (res.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (!encoded && Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw new UpstreamTooLarge(limit);
  }
  if (!res.body) return new Uint8Array(0);
  return readStreamCapped(res.body, limit, () => new UpstreamTooLarge(limit));
}

/** Drops an answer's body unread (odd statuses, refusals we answer ourselves). */
export async function discardBody(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => undefined);
}
