// locate's rule as a pure function over a source of candidates, so every store decides the same
// way: the memory store reads its indexes, a database store the rows it fetched near the point.
// Ties are broken explicitly (lower parcel feature, then lower location index), never by the
// order a source happens to list candidates in.
import type { PackedGeometry } from '../fabric';
import type { LocateOptions, MatchType } from '../../../contract/schemas/locate-match-types';
import { boxAround, haversineMeters } from './geodesy';
import { insideWithin } from './polygon-distance';

// Bits of LocateOptions.matchtypes, in MATCH_TYPES order.
export const FOOTPRINT_PARCEL = 1;
export const FOOTPRINT = 2;
export const PARCEL = 4;
export const NEAREST = 8;

export type Box = [number, number, number, number];

export interface LocateHit {
  /** The location's index: its rank by location_id over every vintage. */
  index: number;
  distance: number;
}

/** What the rule reads, for one vintage. Parcels and footprints are indexes of the geometries. */
export interface LocateSource {
  parcels: PackedGeometry;
  footprints: PackedGeometry;
  /** Parcels whose box meets `box`: any superset of those that do is fine. */
  parcelsNear(box: Box): ArrayLike<number>;
  /** The parcel's feature index, for ties between parcels. */
  parcelFeature(p: number): number;
  /** Each location of parcel p present in the vintage, with its footprint when that footprint's
   * parcel is p (else -1). */
  forEachParcelLocation(
    p: number,
    visit: (i: number, lng: number, lat: number, footprint: number) => void,
  ): void;
  /** Footprints whose box meets `box` (a superset is fine; ones holding no location may be left out). */
  footprintsNear(box: Box): ArrayLike<number>;
  /** Each location of footprint f present in the vintage. */
  forEachFootprintLocation(f: number, visit: (i: number, lng: number, lat: number) => void): void;
}

/** A (closer, then lower index) comparison shared by every step. */
const better = (d: number, i: number, best: LocateHit | null) =>
  !best || d < best.distance || (d === best.distance && i < best.index);

/**
 * The parcels the point counts as inside: those holding it (distance 0), then those within the
 * tolerance, nearest first; ties by feature.
 */
function parcelsHolding(s: LocateSource, x: number, y: number, tolerance: number): number[] {
  const found: { p: number; d: number; key: number }[] = [];
  const near = s.parcelsNear(boxAround(x, y, Math.max(0, tolerance)));
  for (let k = 0; k < near.length; k++) {
    const p = near[k];
    const d = insideWithin(s.parcels, p, x, y, tolerance);
    if (d >= 0) found.push({ p, d, key: s.parcelFeature(p) });
  }
  if (found.length > 1) found.sort((a, b) => a.d - b.d || a.key - b.key);
  return found.map((f) => f.p);
}

/**
 * Steps 1 and 2 of the rule (parcel with footprint, parcel, footprint outside every parcel):
 * the hit, or null when the Nearest step is what is left to try.
 */
export function decideByAreas(
  s: LocateSource,
  x: number,
  y: number,
  o: LocateOptions,
): (LocateHit & { type: MatchType }) | null {
  const allowed = o.matchtypes;
  let insideParcel = false;
  for (const p of parcelsHolding(s, x, y, o.parceltolerancem)) {
    insideParcel = true;
    if (!(allowed & (FOOTPRINT_PARCEL | PARCEL))) break;
    // Step 1: the parcel's locations within parceldistancem are the candidates.
    let best: LocateHit | null = null;
    // Inside the footprint first, then within its tolerance; then the nearer location.
    let inFootprint: (LocateHit & { outside: number }) | null = null;
    s.forEachParcelLocation(p, (i, lng, lat, f) => {
      const d = haversineMeters(x, y, lng, lat);
      if (d > o.parceldistancem) return;
      if (better(d, i, best)) best = { index: i, distance: d };
      if (!(allowed & FOOTPRINT_PARCEL) || f < 0) return;
      const outside = insideWithin(s.footprints, f, x, y, o.footprinttolerancem);
      if (outside < 0) return;
      if (
        !inFootprint ||
        outside < inFootprint.outside ||
        (outside === inFootprint.outside && better(d, i, inFootprint))
      )
        inFootprint = { index: i, distance: d, outside };
    });
    const hit = inFootprint as (LocateHit & { outside: number }) | null;
    if (hit) return { index: hit.index, distance: hit.distance, type: 'FootprintParcel' };
    const near = best as LocateHit | null;
    if (near && allowed & PARCEL) return { ...near, type: 'Parcel' };
  }

  // Step 2 applies only outside every parcel: a footprint that holds a location.
  if (insideParcel || !(allowed & FOOTPRINT)) return null;
  const tf = o.footprinttolerancem;
  let best: (LocateHit & { outside: number }) | null = null;
  const near = s.footprintsNear(boxAround(x, y, Math.max(0, tf)));
  for (let k = 0; k < near.length; k++) {
    const f = near[k];
    const outside = insideWithin(s.footprints, f, x, y, tf);
    if (outside < 0) continue;
    s.forEachFootprintLocation(f, (i, lng, lat) => {
      const d = haversineMeters(x, y, lng, lat);
      if (!best || outside < best.outside || (outside === best.outside && better(d, i, best)))
        best = { index: i, distance: d, outside };
    });
  }
  const hit = best as (LocateHit & { outside: number }) | null;
  return hit ? { index: hit.index, distance: hit.distance, type: 'Footprint' } : null;
}

/** Step 3's choice among candidates: the nearest within `meters`, ties by lower index. */
export function nearestOf(
  x: number,
  y: number,
  meters: number,
  forEach: (visit: (i: number, lng: number, lat: number) => void) => void,
): LocateHit | null {
  let best: LocateHit | null = null;
  forEach((i, lng, lat) => {
    const d = haversineMeters(x, y, lng, lat);
    if (d <= meters && better(d, i, best)) best = { index: i, distance: d };
  });
  return best;
}
