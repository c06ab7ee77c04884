// Places in the demo fabric that a browser test can click, chosen in Node from the same seeded
// fabric the app server serves (same defaults, same .data cache), so no coordinate is written
// into a test. Every candidate is confirmed with the store's own locate, and again a metre or
// two away in each direction so a click rounded to a whole pixel still lands on the same answer.
import { loadDemoFabric } from '../../server/demo/load-demo-fabric';
import { COORD_SCALE, firstPart, type Fabric } from '../../server/service/store/fabric';
import { createMemoryStore } from '../../server/service/store/memory/memory-store';
import { locateOptions } from '../../server/contract/schemas/locate';
import type { Store } from '../../server/service/store/store';
import type { MatchType } from '../../server/contract/schemas/locate-match-types';

export interface DemoPoint {
  lng: number;
  lat: number;
  locationId: number;
  matchtype: MatchType;
  distancem: number;
}

export interface DemoPoints {
  vintage: string;
  coverageVintage: string;
  points: Record<MatchType, DemoPoint>;
  /**
   * A FootprintParcel click on a location first seen after the first vintage and in every one
   * since, with residential fixed offers: its history timeline shows releases both without and
   * with it, and its providers table has rows.
   */
  newcomer: DemoPoint & { firstVintage: string };
  /** A location missing from the current vintage whose equivalent is in it. */
  retired: { locationId: number; reLocationId: number };
  /** Address text of the FootprintParcel location, and the location match ranks first for it. */
  search: { text: string; locationId: number };
  /** Distinct FootprintParcel clicks near the first one: a street's worth of places to check. */
  timing: DemoPoint[];
  /** The store the points were chosen with, for expected values. */
  store: Store;
}

// The app's default locate distances (src/state/slices/settings.ts), which the clicks use.
const PARCEL_M = 500;
const NEAR_M = 50;
const LOCATE = locateOptions({ parceldistancem: PARCEL_M, neardistancem: NEAR_M });
const NUDGE_M = 1.5;
const TIMING_CLICKS = 20;
const M_PER_DEG_LAT = 111_320;

function offset(lng: number, lat: number, east: number, north: number): [number, number] {
  const mPerDegLng = M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
  return [lng + east / mPerDegLng, lat + north / M_PER_DEG_LAT];
}

async function confirm(
  store: Store,
  vintage: string,
  lng: number,
  lat: number,
  want: MatchType,
): Promise<DemoPoint | null> {
  const at = async (x: number, y: number) =>
    (await store.locate(vintage, { latitude: y, longitude: x, sourcekey: null }, LOCATE))[0];
  const hit = await at(lng, lat);
  if (!hit || hit.matchtype !== want) return null;
  for (const [e, n] of [
    [NUDGE_M, 0],
    [-NUDGE_M, 0],
    [0, NUDGE_M],
    [0, -NUDGE_M],
  ]) {
    const [x, y] = offset(lng, lat, e, n);
    const near = await at(x, y);
    if (!near || near.matchtype !== want || near.location_id !== hit.location_id) return null;
  }
  return { lng, lat, locationId: hit.location_id, matchtype: want, distancem: hit.distancem };
}

/** Vertices of the outer ring of packed polygon i (closing vertex dropped). */
function outerRing(g: Fabric['parcels']['geometry'], i: number): [number, number][] {
  const part = firstPart(g, i);
  const out: [number, number][] = [];
  for (let v = g.vertexStart[part]; v < g.vertexStart[part + 1] - 1; v++) {
    out.push([g.xy[2 * v] / COORD_SCALE, g.xy[2 * v + 1] / COORD_SCALE]);
  }
  return out;
}

function* candidates(fabric: Fabric, current: number) {
  const { locations } = fabric;
  // A stride through the id order spreads the picks over town and country.
  const stride = 97;
  for (let k = 0; k < locations.count; k++) {
    const i = (k * stride) % locations.count;
    if (locations.presence[i] & (1 << current)) yield i;
  }
}

async function find(
  fabric: Fabric,
  current: number,
  pick: (i: number) => Promise<DemoPoint | null>,
  what: string,
): Promise<DemoPoint> {
  for (const i of candidates(fabric, current)) {
    const p = await pick(i);
    if (p) return p;
  }
  throw new Error(`the demo fabric has no place for a ${what} click`);
}

export async function loadDemoPoints(): Promise<DemoPoints> {
  return chooseDemoPoints(await loadDemoFabric());
}

/** The points for any fabric (the demo one in browser tests). */
export async function chooseDemoPoints(fabric: Fabric): Promise<DemoPoints> {
  const store = createMemoryStore(fabric);
  const current = fabric.vintages.length - 1;
  const vintage = fabric.vintages[current].vintage;
  const { locations, footprints, parcels } = fabric;
  const ok = (lng: number, lat: number, t: MatchType) => confirm(store, vintage, lng, lat, t);

  const footprintParcel = await find(
    fabric,
    current,
    async (i) => {
      const f = locations.footprint[i];
      if (f < 0 || locations.parcel[i] < 0 || footprints.parcel[f] !== locations.parcel[i])
        return null;
      return ok(locations.lng[i], locations.lat[i], 'FootprintParcel');
    },
    'footprint and parcel',
  );

  const footprint = await find(
    fabric,
    current,
    async (i) => {
      const f = locations.footprint[i];
      if (f < 0 || footprints.parcel[f] >= 0) return null;
      return ok(locations.lng[i], locations.lat[i], 'Footprint');
    },
    'footprint-only',
  );

  // Inside a parcel, between a corner and its location: away from the building.
  const parcel = await find(
    fabric,
    current,
    async (i) => {
      const p = locations.parcel[i];
      if (p < 0) return null;
      for (const [x, y] of outerRing(parcels.geometry, p)) {
        const hit = await ok(
          x + (locations.lng[i] - x) * 0.2,
          y + (locations.lat[i] - y) * 0.2,
          'Parcel',
        );
        if (hit) return hit;
      }
      return null;
    },
    'parcel-only',
  );

  // Open country: off any parcel, some metres from a location.
  const nearest = await find(
    fabric,
    current,
    async (i) => {
      for (const [e, n] of [
        [20, 0],
        [0, 20],
        [-20, 0],
        [0, -20],
        [30, 30],
        [-30, -30],
      ]) {
        const [x, y] = offset(locations.lng[i], locations.lat[i], e, n);
        const hit = await ok(x, y, 'Nearest');
        if (hit) return hit;
      }
      return null;
    },
    'nearest-location',
  );

  const coverageVintages = await store.coverageVintages();
  const coverageVintage = coverageVintages[coverageVintages.length - 1];
  const all = (1 << (current + 1)) - 1;
  let newcomerFirst = 0;
  const newcomer = await find(
    fabric,
    current,
    async (i) => {
      const seen = locations.presence[i] & all;
      const first = 31 - Math.clz32(seen & -seen);
      // Unbroken from a middle vintage to the current one (gaps are drawn as present).
      if (first === 0 || first === current || seen !== all - ((1 << first) - 1)) return null;
      if (locations.footprint[i] < 0 || locations.parcel[i] < 0) return null;
      const offers = await store.fixedCoverage(coverageVintage, [locations.locationId[i]]);
      if (!offers.some((r) => r.business_residential_code !== 'B')) return null;
      const hit = await ok(locations.lng[i], locations.lat[i], 'FootprintParcel');
      if (hit) newcomerFirst = first;
      return hit;
    },
    'newcomer',
  );

  let retired: DemoPoints['retired'] | null = null;
  for (let i = 0; i < locations.count && !retired; i++) {
    if (locations.presence[i] & (1 << current) || locations.reLocationId[i] === 0) continue;
    const [h] = await store.history(vintage, locations.locationId[i]);
    if (h?.re_location_id) retired = { locationId: h.location_id, reLocationId: h.re_location_id };
  }
  if (!retired) throw new Error('the demo fabric has no retired location with an equivalent');

  const [record] = await store.locationData(vintage, { location_id: footprintParcel.locationId });
  const text = `${record.address_primary}, ${record.city}, ${record.state} ${record.zip}`;
  const best = (await store.match(vintage, { text }, 10, null)).locations[0];
  if (!best) throw new Error(`match finds nothing for "${text}"`);

  const timing: DemoPoint[] = [];
  // Within ~160 px of the centre at zoom 17, so every click lands on the visible map.
  const TIMING_RADIUS_M = 150;
  for (let i = 0; i < locations.count && timing.length < TIMING_CLICKS; i++) {
    if (!(locations.presence[i] & (1 << current)) || locations.footprint[i] < 0) continue;
    const dy = (locations.lat[i] - footprintParcel.lat) * M_PER_DEG_LAT;
    const dx =
      (locations.lng[i] - footprintParcel.lng) *
      M_PER_DEG_LAT *
      Math.cos((footprintParcel.lat * Math.PI) / 180);
    if (Math.hypot(dx, dy) > TIMING_RADIUS_M) continue;
    const hit = await ok(locations.lng[i], locations.lat[i], 'FootprintParcel');
    if (hit && hit.locationId !== footprintParcel.locationId) timing.push(hit);
  }

  return {
    vintage,
    coverageVintage,
    points: {
      FootprintParcel: footprintParcel,
      Footprint: footprint,
      Parcel: parcel,
      Nearest: nearest,
    },
    newcomer: { ...newcomer, firstVintage: fabric.vintages[newcomerFirst].vintage },
    retired,
    search: { text, locationId: best.location_id },
    timing,
    store,
  };
}
