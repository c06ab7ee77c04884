// Vintage checks done before any store call: the store trusts the vintage it is given.
import type { Store } from '../store/store';
import { ServiceError } from './errors';

export async function requireFabricVintage(store: Store, vintage: string): Promise<string> {
  if (!(await store.fabricVintages()).some((v) => v.vintage === vintage)) {
    throw new ServiceError(
      'unknown_vintage',
      `fabric vintage ${vintage} is not known; see /fabric/vintages`,
      {
        parameter: 'vintage',
        vintage,
      },
    );
  }
  return vintage;
}

/** The requested coverage vintage, or the newest when none is given (SEED 4.7/4.8). */
export async function resolveCoverageVintage(
  store: Store,
  vintage: string | undefined,
): Promise<string> {
  const known = await store.coverageVintages();
  if (vintage === undefined) {
    const newest = known[known.length - 1];
    if (!newest) throw new ServiceError('not_found', 'no coverage vintage is available');
    return newest;
  }
  if (!known.includes(vintage)) {
    throw new ServiceError(
      'unknown_vintage',
      `coverage vintage ${vintage} is not known; see /coverage/vintages?type=bdc`,
      {
        parameter: 'vintage',
        vintage,
      },
    );
  }
  return vintage;
}
