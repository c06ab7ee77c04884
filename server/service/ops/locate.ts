// locate: a clicked or geocoded point → the fabric location it most plausibly means, by the
// four-step rule of the service contract (parcel+footprint, parcel, footprint, nearest), with
// the real service's options: which match types may answer, and how far outside a parcel or a
// footprint a point may fall and still count as inside it.
import { forEachPresentPoint, type FabricIndex } from '../store/memory/fabric-index';
import type { LocateOptions, LocatePoint, LocateRecord, MatchType } from '../store/store';
import { boxAround, haversineMeters, roundMeters } from './geodesy';
import { insideWithin } from './polygon-distance';
import { packedPolygonContains } from './ring-test';

// Bits of LocateOptions.matchtypes, in MATCH_TYPES order.
const FOOTPRINT_PARCEL = 1;
const FOOTPRINT = 2;
const PARCEL = 4;
const NEAREST = 8;

interface Hit {
  index: number;
  distance: number;
}

export function locate(
  ix: FabricIndex,
  vi: number,
  point: LocatePoint,
  options: LocateOptions,
): LocateRecord[] {
  const hit = decide(ix, vi, point.longitude, point.latitude, options);
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

/**
 * The parcels the point counts as inside: with no tolerance, the tree's candidates (the caller
 * tests containment); with one, those inside or within it, inside ones first, then nearest.
 */
function parcelsHolding(ix: FabricIndex, x: number, y: number, tolerance: number): number[] {
  if (!ix.parcelTree) return [];
  if (tolerance <= 0) return ix.parcelTree.search(x, y, x, y);
  const found: { p: number; d: number }[] = [];
  for (const p of ix.parcelTree.search(...boxAround(x, y, tolerance))) {
    const d = insideWithin(ix.fabric.parcels.geometry, p, x, y, tolerance);
    if (d >= 0) found.push({ p, d });
  }
  return found.sort((a, b) => a.d - b.d).map((f) => f.p);
}

function decide(
  ix: FabricIndex,
  vi: number,
  x: number,
  y: number,
  o: LocateOptions,
): (Hit & { type: MatchType }) | null {
  const { parcels, footprints, locations } = ix.fabric;
  const bit = 1 << vi;
  const allowed = o.matchtypes;

  let insideParcel = false;
  for (const p of parcelsHolding(ix, x, y, o.parceltolerancem)) {
    if (o.parceltolerancem <= 0 && !packedPolygonContains(parcels.geometry, p, x, y)) continue;
    insideParcel = true;
    if (!(allowed & (FOOTPRINT_PARCEL | PARCEL))) break;
    // Step 1: the parcel's locations within parceldistancem are the candidates.
    const { start, items } = ix.parcelLocations;
    let best: Hit | null = null;
    // Inside the footprint first, then within its tolerance; then the nearer location.
    let inFootprint: (Hit & { outside: number }) | null = null;
    for (let k = start[p]; k < start[p + 1]; k++) {
      const i = items[k];
      if (!(locations.presence[i] & bit)) continue;
      const d = distanceTo(ix, i, x, y);
      if (d > o.parceldistancem) continue;
      if (!best || d < best.distance) best = { index: i, distance: d };
      if (!(allowed & FOOTPRINT_PARCEL)) continue;
      const f = locations.footprint[i];
      if (f < 0 || footprints.parcel[f] !== p) continue;
      const outside = insideWithin(footprints.geometry, f, x, y, o.footprinttolerancem);
      if (outside < 0) continue;
      if (
        !inFootprint ||
        outside < inFootprint.outside ||
        (outside === inFootprint.outside && d < inFootprint.distance)
      )
        inFootprint = { index: i, distance: d, outside };
    }
    if (inFootprint)
      return { index: inFootprint.index, distance: inFootprint.distance, type: 'FootprintParcel' };
    if (best && allowed & PARCEL) return { ...best, type: 'Parcel' };
  }

  // Step 2 applies only outside every parcel: a footprint that holds a location.
  if (!insideParcel && allowed & FOOTPRINT && ix.footprintTree) {
    const tf = o.footprinttolerancem;
    const { start, items } = ix.footprintLocations;
    let best: (Hit & { outside: number }) | null = null;
    const near = tf > 0 ? boxAround(x, y, tf) : ([x, y, x, y] as const);
    for (const f of ix.footprintTree.search(near[0], near[1], near[2], near[3])) {
      if (start[f] === start[f + 1]) continue;
      const outside = insideWithin(footprints.geometry, f, x, y, tf);
      if (outside < 0) continue;
      for (let k = start[f]; k < start[f + 1]; k++) {
        const i = items[k];
        if (!(locations.presence[i] & bit)) continue;
        const d = distanceTo(ix, i, x, y);
        if (!best || outside < best.outside || (outside === best.outside && d < best.distance))
          best = { index: i, distance: d, outside };
      }
    }
    if (best) return { index: best.index, distance: best.distance, type: 'Footprint' };
  }

  // Step 3: the nearest location of this vintage within neardistancem.
  if (!(allowed & NEAREST)) return null;
  const near = nearestLocation(ix, vi, x, y, o.neardistancem);
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
