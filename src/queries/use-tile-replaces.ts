import { skipToken, useQuery } from '@tanstack/react-query';
import { getTileReplaces, type ChangeTilePoint } from '../api/change-tile';
import { compareKeys } from './keys';
import { VINTAGED } from './query-client';

/** The retired id a location replaced, from the compare tile at its point; null if none. */
export function useTileReplaces(at: ChangeTilePoint | null, locationId: number) {
  return useQuery({
    queryKey: compareKeys.replaces(
      at ? [at.coverage, at.fabric, at.withCoverage, at.withFabric] : [],
      locationId,
    ),
    queryFn: at ? ({ signal }) => getTileReplaces(at, locationId, signal) : skipToken,
    ...VINTAGED,
  });
}
