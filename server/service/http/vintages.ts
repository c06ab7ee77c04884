// Vintage checks done before any store call: the store trusts the vintage it is given.
import type { Store } from '../store/store';
import { ServiceError } from '../../contract/errors';

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

/** A coverage vintage named by a query parameter (summarize's and the report's `coverage`). */
export async function requireCoverageVintage(
  store: Store,
  vintage: string,
  parameter: string,
): Promise<string> {
  if (!(await store.coverageVintages()).includes(vintage)) {
    throw new ServiceError(
      'unknown_vintage',
      `${parameter}: coverage vintage ${vintage} is not known; see /coverage/vintages?type=bdc`,
      { parameter, vintage },
    );
  }
  return vintage;
}

/** A fabric vintage named by a query parameter (the compared release's `withfabric`). */
export async function requireFabricVintageParam(
  store: Store,
  vintage: string,
  parameter: string,
): Promise<string> {
  if (!(await store.fabricVintages()).some((f) => f.vintage === vintage)) {
    throw new ServiceError(
      'unknown_vintage',
      `${parameter}: fabric vintage ${vintage} is not known; see /fabric/vintages`,
      { parameter, vintage },
    );
  }
  return vintage;
}

/**
 * The coverage vintage read with a fabric vintage when none is asked: the one of the same
 * YYYYMM (a release's availability is filed against its own fabric), else the newest.
 */
export async function coverageForFabric(store: Store, fabricVintage: string): Promise<string> {
  const known = await store.coverageVintages();
  if (known.includes(fabricVintage)) return fabricVintage;
  return resolveCoverageVintage(store, undefined);
}
