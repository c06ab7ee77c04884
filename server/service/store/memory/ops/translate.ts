// translate: location_id ↔ uuid of the locations layer in one vintage. An id is translated into
// the other kind only: asked into its own kind, there is nothing to translate (docs/SERVICE.md).
import type { FabricIndex } from '../fabric-index';
import type { IdKind, TranslateRecord } from '../../store';
import { locationUuid, resolveLocation } from './location-records';

export function translate(
  ix: FabricIndex,
  vi: number,
  src: IdKind,
  dest: IdKind,
  id: string,
): TranslateRecord[] {
  if (src === dest) return [];
  let i = -1;
  if (src === 'location_id') {
    if (/^\d{1,16}$/.test(id)) i = resolveLocation(ix, vi, { location_id: Number(id) });
  } else {
    i = resolveLocation(ix, vi, { uuid: id });
  }
  if (i < 0) return [];
  return [{ uuid: locationUuid(ix, vi, i), location_id: ix.fabric.locations.locationId[i] }];
}
