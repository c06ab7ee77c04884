// A store whose database cannot answer now (down, restarting, stalled, out of connections). Not a
// fault of the request nor of the service: the HTTP layer answers 503 store_unavailable with
// Retry-After, and the store has already logged the outage (once per interval, never a stack
// per request). Kept apart from the PostGIS code, so the service names it without loading pg.

/** Seconds a client is asked to wait before trying again. */
export const STORE_RETRY_AFTER_S = 5;

export class StoreUnavailable extends Error {
  /** `reason`: what failed, in words safe to show (no host, no URL, no password). */
  constructor(readonly reason: string) {
    super(`the database is unavailable (${reason})`);
    this.name = 'StoreUnavailable';
  }
}
