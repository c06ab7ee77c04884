// places over PostGIS: the release's towns, ZIP codes and streets, each with the count and box of
// its locations, are grouped by SQL once per release (as the memory store builds its places
// index on a release's first call) and ranked by the memory store's own rankPlaces; the chosen
// streets' addresses are read by feature, one per house number, lowest unit first.
//
// The database keeps a city as the fabric writes it (upper case); a town's name is answered in
// title case ("SPRINGFIELD" → "Springfield"), which is how the memory store's towns are spelt.
// A street is the address line after its house number and without its unit, read as match reads
// it (addressRoad), grouped with its city.
import type pg from 'pg';
import type { PlaceAddress, PlacesResponse } from '../../schemas/places';
import { roadParts } from '../../ops/match-text';
import { rankPlaces } from '../../ops/places';
import type { Bbox, PlacesIndex, StreetBase, TownEntry, ZipEntry } from '../../ops/places-index';
import type { PgContext } from './context';
import { addressRoad } from './match';

interface PgStreet extends StreetBase {
  /** Feature ranks of its locations in this release. */
  features: number[];
  first: number;
}

interface PgPlaces {
  index: PlacesIndex<PgStreet>;
  state: string;
}

interface GroupRow {
  key: string;
  city: string;
  n: number;
  bbox: Bbox;
  zips: string[];
  first: number;
}

const extentOf = (r: GroupRow): { count: number; bbox: Bbox; zips: Set<string> } => ({
  count: r.n,
  bbox: [...r.bbox] as Bbox,
  zips: new Set(r.zips),
});

/** Groups of the release's locations (GROUP BY `by`), in order of their first location. */
const GROUPS = (key: string, by: string, extra = '') => `
  SELECT ${key} AS key, (array_agg(l.city ORDER BY f.feature))[1] AS city, count(*)::int AS n,
         ARRAY[min(l.longitude), min(l.latitude), max(l.longitude), max(l.latitude)] AS bbox,
         array_agg(DISTINCT l.zip) AS zips, min(f.feature) AS first ${extra}
    FROM locations l JOIN location_features f USING (location_id)
   WHERE l.vintage = $1 GROUP BY ${by} ORDER BY first`;

const LINE = `regexp_replace(l.address_primary, '^[0-9]+', '')`;

export function titleCase(city: string): string {
  return city
    .toLowerCase()
    .replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

async function buildIndex(ctx: PgContext, vintage: string): Promise<PgPlaces> {
  const q = <R extends object>(text: string) =>
    ctx.pool.query<R & pg.QueryResultRow>(text, [vintage]).then((r) => r.rows);
  const [towns, zips, lines, state] = await Promise.all([
    q<GroupRow>(GROUPS('l.city', 'l.city')),
    q<GroupRow>(GROUPS('l.zip', 'l.zip')),
    // The address line without its house number: grouped by SQL, read by addressRoad below.
    q<GroupRow & { features: number[] }>(
      GROUPS(LINE, `${LINE}, l.city`, ', array_agg(f.feature) AS features'),
    ),
    q<{ state: string | null }>('SELECT min(state) AS state FROM locations WHERE vintage = $1'),
  ]);
  const streets = new Map<string, PgStreet>();
  for (const r of lines) {
    const road = addressRoad(r.key)?.road.join(' ');
    if (!road) continue;
    const key = `${road}|${r.city}`;
    const s = streets.get(key);
    if (!s) {
      streets.set(key, {
        ...extentOf(r),
        name: road,
        parts: roadParts(road),
        town: titleCase(r.city),
        features: [...r.features],
        first: r.first,
      });
      continue;
    }
    s.count += r.n;
    s.bbox = [
      Math.min(s.bbox[0], r.bbox[0]),
      Math.min(s.bbox[1], r.bbox[1]),
      Math.max(s.bbox[2], r.bbox[2]),
      Math.max(s.bbox[3], r.bbox[3]),
    ];
    for (const z of r.zips) s.zips.add(z);
    s.features.push(...r.features);
    s.first = Math.min(s.first, r.first);
  }
  return {
    index: {
      towns: towns.map((r): TownEntry => ({ ...extentOf(r), name: titleCase(r.key), key: r.key })),
      zips: zips.map((r): ZipEntry => ({ ...extentOf(r), zip: r.key, town: titleCase(r.city) })),
      streets: [...streets.values()].sort((a, b) => a.first - b.first),
    },
    state: state[0]?.state ?? '',
  };
}

const built = new WeakMap<PgContext, Map<string, Promise<PgPlaces>>>();

function placesIndex(ctx: PgContext, vintage: string): Promise<PgPlaces> {
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
    `SELECT f.feature, l.location_id::float8 AS location_id, l.address_primary, l.city, l.zip,
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
  const { index, state } = await placesIndex(ctx, vintage);
  const ranked = rankPlaces(index, state, q, maxresults);
  const houses = await addressesOn(ctx, vintage, ranked.streets);
  const addresses: PlaceAddress[] = houses.slice(0, maxresults).map((r) => ({
    location_id: r.location_id,
    address: r.address_primary,
    city: r.city,
    state,
    zip: r.zip,
    latitude: r.latitude,
    longitude: r.longitude,
  }));
  return { q, places: ranked.places, addresses, addresscount: houses.length };
}
