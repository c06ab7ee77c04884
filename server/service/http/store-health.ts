// A store whose database cannot be reached, as the service answers it: 503 store_unavailable
// with Retry-After, the same for a data operation, the locate hot path and the health checks.
import type { Store } from '../store/store';
import { STORE_RETRY_AFTER_S, StoreUnavailable } from '../store/store-unavailable';
import { ServiceError } from '../../contract/errors';

export function storeUnavailableError(err: StoreUnavailable): ServiceError {
  return new ServiceError(
    'store_unavailable',
    `the database is unreachable now (${err.reason}); try again in ${STORE_RETRY_AFTER_S} s`,
    { retryAfter: STORE_RETRY_AFTER_S },
    { 'Retry-After': String(STORE_RETRY_AFTER_S) },
  );
}

/** Null when the store can answer now; else the error a health check answers with. */
export async function storeHealth(store: Store): Promise<ServiceError | null> {
  try {
    await store.ping?.();
    return null;
  } catch (err) {
    if (err instanceof StoreUnavailable) return storeUnavailableError(err);
    throw err;
  }
}
