// The queries behind a selected location's panel parts, in one list: the panel's clock waits on
// them, and a click on a drawn dot starts them while locate is still answering.
import type { QueryClient } from '@tanstack/react-query';
import { fixedCoverageQueryOptions } from '../../queries/use-fixed-coverage';
import { historyQueryOptions } from '../../queries/use-history';
import { locationDataQueryOptions } from '../../queries/use-location-data';
import { translateQueryOptions } from '../../queries/use-translate';

/** The address record, the UUID, the history and the fixed providers of one location. */
export function locationPartQueries(
  vintage: string | null,
  coverageVintage: string | null,
  locationId: number,
) {
  return [
    locationDataQueryOptions(vintage, locationId),
    translateQueryOptions(vintage, 'location_id', 'uuid', locationId),
    historyQueryOptions(vintage, locationId),
    fixedCoverageQueryOptions(coverageVintage, locationId),
  ] as const;
}

/**
 * Starts the parts' requests for the location a click landed on, beside its locate: when locate
 * names that location (as it does for a click on its dot) the panel finds them answered or on
 * the way, one round trip sooner. A locate that names another location leaves them unused.
 */
export function prefetchLocationParts(
  client: QueryClient,
  vintage: string | null,
  coverageVintage: string | null,
  locationId: number,
): void {
  // Fetched only with both vintages known: the panel asks these same keys.
  if (!vintage || !coverageVintage) return;
  const [data, translate, history, fixed] = locationPartQueries(
    vintage,
    coverageVintage,
    locationId,
  );
  void client.prefetchQuery(data);
  void client.prefetchQuery(translate);
  void client.prefetchQuery(history);
  void client.prefetchQuery(fixed);
}
