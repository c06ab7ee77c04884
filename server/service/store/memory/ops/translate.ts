// translate: location_id ↔ uuid of the locations layer in one vintage.
import type { FabricIndex } from '../fabric-index';
import type { IdKind, TranslateRecord } from '../../store';
import { locationUuid, resolveLocation } from './location-records';

export function translate(ix: FabricIndex, vi: number, src: IdKind, id: string): TranslateRecord[] {
  let i = -1;
  if (src === 'location_id') {
    if (/^\d{1,16}$/.test(id)) i = resolveLocation(ix, vi, { location_id: Number(id) });
  } else {
    i = resolveLocation(ix, vi, { uuid: id });
  }
  if (i < 0) return [];
  return [{ uuid: locationUuid(ix, vi, i), location_id: ix.fabric.locations.locationId[i] }];
}
