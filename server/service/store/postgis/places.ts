// places over PostGIS: the release's towns, ZIP codes and streets, each with the count and box of
// its locations, are gathered from one SQL grouping once per release (as the memory store builds
// its places index on a release's first call) and ranked by the memory store's own rankPlaces;
// the chosen streets' addresses are read by feature, one per house number, lowest unit first.
//
// A town's or ZIP code's count is the release's locations inside its outline, found as
// summarize finds an area's: the release's point blocks (read once, with the index) whose box
// meets the outline's, each of their points tested with the area rule (place-outline.ts).
//
// The database keeps a city as the fabric writes it (upper case); a town's name is answered in
// title case ("SPRINGFIELD" → "Springfield"), which is how the memory store's towns are spelt.
// A street is the address line after its house number and without its unit, read as match reads
// it (addressRoad), grouped with its city.
import type { PlaceAddress, PlacesResponse } from '../../../contract/schemas/places';
import { roadParts } from '../rules/match-text';
import { rankPlaces } from '../rules/places-rank';
import type { Extent, PlacesIndex, StreetBase, TownEntry, ZipEntry } from '../rules/place-entries';
import {
  boundaryEntries,
  countCountyLocations,
  type CountyCounts,
} from '../rules/place-boundaries';
import {
  addOutlinePoint,
  countInsideOutline,
  placeOutline,
  type OutlinePoints,
  type PointsInBox,
} from '../rules/place-outline';
import { BLOCK_LAYER } from '../../../postgis/point-blocks';
import { blocksMeeting, readBlocks } from './blocks';
import type { PgContext } from './context';
import { addressRoad } from './match';

interface PgStreet extends StreetBase {
  /** Feature ranks of its locations in this release. */
  features: number[];
}

/** The release's locations grouped by address line (without house number), city and ZIP. */
interface GroupRow {
  line: string;
  city: string;
  zip: string;
  state: string;
  county: string;
  n: number;
  w: number;
  s: number;
  e: number;
  nn: number;
  first: number;
  features: number[];
  /** Every location's position, for the town's and ZIP code's outlines. */
  lngs: number[];
  lats: number[];
}

// One pass over the release: towns, ZIP codes and streets are each a union of these groups.
// Ordered by first location, so each place is met first at its first location, as in memory.
const GROUPS = `
  SELECT regexp_replace(l.address_primary, '^[0-9]+', '') AS line, l.city, l.zip,
         l.state, l.county_geoid AS county, count(*)::int AS n, min(l.longitude) AS w,
         min(l.latitude) AS s,
         max(l.longitude) AS e, max(l.latitude) AS nn, min(f.feature) AS first,
         array_agg(f.feature) AS features, array_agg(l.longitude) AS lngs,
         array_agg(l.latitude) AS lats
    FROM locations l JOIN location_features f USING (location_id)
   WHERE l.vintage = $1 GROUP BY 1, 2, 3, 4, 5 ORDER BY first`;

export function titleCase(city: string): string {
  return city
    .toLowerCase()
    .replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** The entry under `key`, made by `create` when new, grown by the group's extent. */
function grow<E extends Extent>(
  map: Map<string, E>,
  key: string,
  r: GroupRow,
  create: () => Omit<E, keyof Extent>,
): E {
  let e = map.get(key);
  if (!e) {
    const extent = { state: r.state, count: 0, bbox: [r.w, r.s, r.e, r.nn], zips: new Set() };
    e = { ...create(), ...extent } as E;
    map.set(key, e);
  }
  e.count += r.n;
  e.bbox = [
    Math.min(e.bbox[0], r.w),
    Math.min(e.bbox[1], r.s),
    Math.max(e.bbox[2], r.e),
    Math.max(e.bbox[3], r.nn),
  ];
  e.zips.add(r.zip);
  return e;
}

/** The release's locations as summarize reads them (point_blocks), visited by box. */
async function releasePoints(ctx: PgContext, vintage: string): Promise<PointsInBox> {
  const layer = BLOCK_LAYER.locations;
  const blocks = await blocksMeeting(ctx, layer, vintage, [-180, -90, 180, 90]);
  const read = await readBlocks(ctx, layer, vintage, blocks, { points: true, fields: false });
  const { x, y } = read.points;
  return ([x0, y0, x1, y1], visit) => {
    blocks.forEach(({ box: [a, b, c, d] }, k) => {
      if (a > x1 || c < x0 || b > y1 || d < y0) return;
      const to = k + 1 < blocks.length ? read.starts[k + 1] : read.count;
      for (let i = read.starts[k]; i < to; i++) {
        if (x[i] >= x0 && x[i] <= x1 && y[i] >= y0 && y[i] <= y1) visit(x[i], y[i]);
      }
    });
  };
}

async function buildIndex(ctx: PgContext, vintage: string): Promise<PlacesIndex<PgStreet>> {
  const { rows } = await ctx.pool.query<GroupRow>(GROUPS, [vintage]);
  const towns = new Map<string, TownEntry>();
  const zips = new Map<string, ZipEntry>();
  const streets = new Map<string, PgStreet>();
  const points = new Map<TownEntry | ZipEntry, OutlinePoints>();
  const gather = (e: TownEntry | ZipEntry, r: GroupRow) => {
    let list = points.get(e);
    if (!list) points.set(e, (list = []));
    r.lngs.forEach((lng, k) => addOutlinePoint(list, lng, r.lats[k]));
  };
  const counties: CountyCounts = new Map();
  for (const r of rows) {
    countCountyLocations(counties, r.county, r.state, r.n);
    // A town of the same name in another state is another town.
    const town = grow(towns, `${r.state}|${r.city}`, r, () => ({
      name: titleCase(r.city),
      key: r.city,
      outline: null,
    }));
    const zip = grow(zips, r.zip, r, () => ({
      zip: r.zip,
      town: titleCase(r.city),
      outline: null,
    }));
    gather(town, r);
    gather(zip, r);
    // The road as match reads an address line (its unit set aside).
    const road = addressRoad(r.line)?.road.join(' ');
    if (!road) continue;
    const street = grow(streets, `${road}|${r.state}|${r.city}`, r, () => ({
      name: road,
      parts: roadParts(road),
      town: titleCase(r.city),
      features: [] as number[],
    }));
    street.features.push(...r.features);
  }
  // The same positions as the memory store's, so the same outline (place-outline.ts).
  for (const [entry, list] of points) entry.outline = placeOutline(list);
  const pointsIn = await releasePoints(ctx, vintage);
  for (const entry of points.keys()) {
    if (entry.outline) entry.count = countInsideOutline(entry.outline, pointsIn);
  }
  return {
    towns: [...towns.values()],
    zips: [...zips.values()],
    streets: [...streets.values()],
    boundaries: boundaryEntries(counties),
  };
}

const built = new WeakMap<PgContext, Map<string, Promise<PlacesIndex<PgStreet>>>>();

function placesIndex(ctx: PgContext, vintage: string): Promise<PlacesIndex<PgStreet>> {
  let byVintage = built.get(ctx);
  if (!byVintage) built.set(ctx, (byVintage = new Map()));
  let index = byVintage.get(vintage);
  if (!index) {
    index = buildIndex(ctx, vintage);
    // A failed build is not remembered: the next call tries again.
    index.catch(() => byVintage.delete(vintage));
    byVintage.set(vintage, index);
  }
  return index;
}

interface AddressRow {
  feature: number;
  location_id: number;
  address_primary: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

/** The streets' addresses as the memory store lists them: by house number, unit, location. */
async function addressesOn(
  ctx: PgContext,
  vintage: string,
  streets: PgStreet[],
): Promise<AddressRow[]> {
  const features = streets.flatMap((s) => s.features);
  if (!features.length) return [];
  const { rows } = await ctx.pool.query<AddressRow>(
    `SELECT f.feature, l.location_id::float8 AS location_id, l.address_primary, l.city, l.state, l.zip,
            l.latitude, l.longitude
       FROM location_features f JOIN locations l ON l.vintage = $1 AND l.location_id = f.location_id
      WHERE f.feature = ANY($2::integer[])`,
    [vintage, features],
  );
  const byFeature = new Map(rows.map((r) => [r.feature, r]));
  const house = (r: AddressRow) => Number(/^[0-9]+/.exec(r.address_primary)?.[0] ?? 0);
  const unit = (r: AddressRow) => Number(addressRoad(r.address_primary)?.unit) || 0;
  return streets.flatMap((s) => {
    const list = s.features
      .flatMap((f) => byFeature.get(f) ?? [])
      .sort((a, b) => house(a) - house(b) || unit(a) - unit(b) || a.feature - b.feature);
    return list.filter((r, k) => k === 0 || house(list[k - 1]) !== house(r));
  });
}

export async function places(
  ctx: PgContext,
  vintage: string,
  q: string,
  maxresults: number,
): Promise<PlacesResponse> {
  if (ctx.vintageIndex(vintage) < 0) return { q, places: [], addresses: [], addresscount: 0 };
  const index = await placesIndex(ctx, vintage);
  const ranked = rankPlaces(index, q, maxresults);
  const houses = await addressesOn(ctx, vintage, ranked.streets);
  const addresses: PlaceAddress[] = houses.slice(0, maxresults).map((r) => ({
    location_id: r.location_id,
    address: r.address_primary,
    city: r.city,
    state: r.state,
    zip: r.zip,
    latitude: r.latitude,
    longitude: r.longitude,
  }));
  return { q, places: ranked.places, addresses, addresscount: houses.length };
}
