// locate: a clicked or geocoded point → the fabric location it most plausibly means, by the
// four-step rule of the service contract (parcel+footprint, parcel, footprint, nearest).
import { forEachPresentPoint, type FabricIndex } from '../store/fabric-index';
import type { LocateRecord, MatchType } from '../store/store';
import { boxAround, haversineMeters, roundMeters } from './geodesy';
import { packedPolygonContains } from './ring-test';

export interface LocateQuery {
  vi: number;
  latitude: number;
  longitude: number;
  parceldistancem: number;
  neardistancem: number;
}

interface Hit {
  index: number;
  distance: number;
}

export function locate(ix: FabricIndex, q: LocateQuery): LocateRecord[] {
  const hit = decide(ix, q);
  if (!hit) return [];
  return [
    {
      latitude: q.latitude,
      longitude: q.longitude,
      location_id: ix.fabric.locations.locationId[hit.index],
      distancem: roundMeters(hit.distance),
      matchtype: hit.type,
      sourcekey: null,
    },
  ];
}

function decide(ix: FabricIndex, q: LocateQuery): (Hit & { type: MatchType }) | null {
  const { longitude: x, latitude: y } = q;
  const { parcels, footprints } = ix.fabric;
  const bit = 1 << q.vi;

  const parcelHits = ix.parcelTree ? ix.parcelTree.search(x, y, x, y) : [];
  let insideParcel = false;
  for (const p of parcelHits) {
    if (!packedPolygonContains(parcels.geometry, p, x, y)) continue;
    insideParcel = true;
    // Step 1: the parcel's locations within parceldistancem are the candidates.
    const { start, items } = ix.parcelLocations;
    let best: Hit | null = null;
    let inFootprint: Hit | null = null;
    for (let k = start[p]; k < start[p + 1]; k++) {
      const i = items[k];
      if (!(ix.fabric.locations.presence[i] & bit)) continue;
      const d = distanceTo(ix, i, x, y);
      if (d > q.parceldistancem) continue;
      if (!best || d < best.distance) best = { index: i, distance: d };
      const f = ix.fabric.locations.footprint[i];
      if (f >= 0 && footprints.parcel[f] === p && (!inFootprint || d < inFootprint.distance)) {
        if (packedPolygonContains(footprints.geometry, f, x, y))
          inFootprint = { index: i, distance: d };
      }
    }
    if (inFootprint) return { ...inFootprint, type: 'FootprintParcel' };
    if (best) return { ...best, type: 'Parcel' };
  }

  // Step 2 applies only outside every parcel: a footprint that holds a location.
  if (!insideParcel && ix.footprintTree) {
    let best: Hit | null = null;
    for (const f of ix.footprintTree.search(x, y, x, y)) {
      const { start, items } = ix.footprintLocations;
      if (start[f] === start[f + 1] || !packedPolygonContains(footprints.geometry, f, x, y))
        continue;
      for (let k = start[f]; k < start[f + 1]; k++) {
        const i = items[k];
        if (!(ix.fabric.locations.presence[i] & bit)) continue;
        const d = distanceTo(ix, i, x, y);
        if (!best || d < best.distance) best = { index: i, distance: d };
      }
    }
    if (best) return { ...best, type: 'Footprint' };
  }

  // Step 3: the nearest location of this vintage within neardistancem.
  const near = nearestLocation(ix, q.vi, x, y, q.neardistancem);
  return near ? { ...near, type: 'Nearest' } : null;
}

function distanceTo(ix: FabricIndex, i: number, x: number, y: number): number {
  return haversineMeters(x, y, ix.fabric.locations.lng[i], ix.fabric.locations.lat[i]);
}

/** Nearest present location within `meters` (exact geodesic test after a kd-tree box query). */
export function nearestLocation(
  ix: FabricIndex,
  vi: number,
  x: number,
  y: number,
  meters: number,
): Hit | null {
  let best: Hit | null = null;
  forEachPresentPoint(ix, vi, boxAround(x, y, meters), (i, lng, lat) => {
    const dist = haversineMeters(x, y, lng, lat);
    if (
      dist <= meters &&
      (!best || dist < best.distance || (dist === best.distance && i < best.index))
    ) {
      best = { index: i, distance: dist };
    }
  });
  return best;
}
