// history: in which releases a location_id existed, and what replaced it when retired.
import type { FabricIndex } from '../fabric-index';
import type { HistoryRecord } from '../../store';

/**
 * Seen as of vintage vi: only releases up to vi count, so an older vintage answers as that
 * release would have. The retirement equivalent is given only when the location is retired
 * (absent from vi) and the equivalent exists in vi.
 */
export function history(ix: FabricIndex, vi: number, locationId: number): HistoryRecord[] {
  const i = ix.locationIndex(locationId);
  if (i < 0) return [];
  const { presence, reLocationId } = ix.fabric.locations;
  const seen = presence[i] & ((1 << (vi + 1)) - 1);
  if (seen === 0) return [];
  const first = 31 - Math.clz32(seen & -seen);
  const last = 31 - Math.clz32(seen);
  let re: number | null = null;
  if (last < vi && reLocationId[i] > 0) {
    const r = ix.locationIndex(reLocationId[i]);
    if (r >= 0 && presence[r] & (1 << vi)) re = reLocationId[i];
  }
  const versions = ix.fabric.vintages;
  return [
    {
      location_id: locationId,
      firstsvcversion: versions[first].svcversion,
      lastsvcversion: versions[last].svcversion,
      re_location_id: re,
    },
  ];
}
