// locate: a clicked or geocoded point → the fabric location it most plausibly means, by the
// four-step rule of the service contract (parcel+footprint, parcel, footprint, nearest), with
// the real service's options: which match types may answer, and how far outside a parcel or a
// footprint a point may fall and still count as inside it. The rule itself is
// locate-decision.ts (shared with the database store); this module feeds it the memory indexes.
import { forEachPresentPoint, type FabricIndex } from '../fabric-index';
import type { LocatePoint, LocateRecord } from '../../store';
import type { LocateOptions } from '../../../../contract/schemas/locate-match-types';
import { boxAround, roundMeters } from '../../rules/geodesy';
import {
  decideByAreas,
  nearestOf,
  NEAREST,
  type LocateHit,
  type LocateSource,
} from '../../rules/locate-decision';

const NONE: number[] = [];

/** The memory indexes as the rule's source, for vintage vi. */
function memorySource(ix: FabricIndex, vi: number): LocateSource {
  const { parcels, footprints, locations } = ix.fabric;
  const { presence, lng, lat, footprint } = locations;
  const bit = 1 << vi;
  return {
    parcels: parcels.geometry,
    footprints: footprints.geometry,
    parcelsNear: (b) => (ix.parcelTree ? ix.parcelTree.search(b[0], b[1], b[2], b[3]) : NONE),
    parcelFeature: (p) => p,
    forEachParcelLocation(p, visit) {
      const { start, items } = ix.parcelLocations;
      for (let k = start[p]; k < start[p + 1]; k++) {
        const i = items[k];
        if (!(presence[i] & bit)) continue;
        const f = footprint[i];
        visit(i, lng[i], lat[i], f >= 0 && footprints.parcel[f] === p ? f : -1);
      }
    },
    footprintsNear(b) {
      if (!ix.footprintTree) return NONE;
      const { start } = ix.footprintLocations;
      // Footprints that hold no location of any vintage cannot answer: skip their geometry.
      return ix.footprintTree.search(b[0], b[1], b[2], b[3], (f) => start[f] !== start[f + 1]);
    },
    forEachFootprintLocation(f, visit) {
      const { start, items } = ix.footprintLocations;
      for (let k = start[f]; k < start[f + 1]; k++) {
        const i = items[k];
        if (presence[i] & bit) visit(i, lng[i], lat[i]);
      }
    },
  };
}

export function locate(
  ix: FabricIndex,
  vi: number,
  point: LocatePoint,
  options: LocateOptions,
): LocateRecord[] {
  const x = point.longitude;
  const y = point.latitude;
  const hit =
    decideByAreas(memorySource(ix, vi), x, y, options) ??
    (options.matchtypes & NEAREST
      ? withType(nearestLocation(ix, vi, x, y, options.neardistancem))
      : null);
  if (!hit) return [];
  return [
    {
      latitude: point.latitude,
      longitude: point.longitude,
      location_id: ix.fabric.locations.locationId[hit.index],
      distancem: roundMeters(hit.distance),
      matchtype: hit.type,
      sourcekey: point.sourcekey,
    },
  ];
}

const withType = (h: LocateHit | null) => (h ? { ...h, type: 'Nearest' as const } : null);

/** Nearest present location within `meters` (exact geodesic test after a kd-tree box query). */
export function nearestLocation(
  ix: FabricIndex,
  vi: number,
  x: number,
  y: number,
  meters: number,
): LocateHit | null {
  return nearestOf(x, y, meters, (visit) =>
    forEachPresentPoint(ix, vi, boxAround(x, y, meters), visit),
  );
}
