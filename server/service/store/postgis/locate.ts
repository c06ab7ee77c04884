// locate over the database: one query fetches what the rule can read near the point (parcels
// and footprints whose boxes meet the tolerances' reach, the release's locations on them, and
// each footprint's parcel), the memory store's own rule (ops/locate-decision.ts) decides on
// those candidates with the same geometry functions on the same integer vertices, and only when
// no parcel or footprint answers does a second query fetch the locations near enough for the
// Nearest step.
import { boxAround, roundMeters } from '../../ops/geodesy';
import {
  decideByAreas,
  nearestOf,
  NEAREST,
  type Box,
  type LocateSource,
} from '../../ops/locate-decision';
import type { LocateOptions, LocatePoint, LocateRecord, MatchType } from '../store';
import type { PgContext } from './context';
import { PackedBuilder } from './packed-wkb';

/** The memory store pads its feature boxes by this (about a metre): the same reach here. */
const BOX_PAD_DEG = 1e-5;

const AREAS_SQL = `
WITH pc AS (
  SELECT feature, geom FROM parcels
   WHERE vintage = $2 AND geom && ST_MakeEnvelope($4, $5, $6, $7, 4326)
), fc AS (
  SELECT feature, geom FROM footprints
   WHERE vintage = $3 AND geom && ST_MakeEnvelope($8, $9, $10, $11, 4326)
), pl AS (
  SELECT la.parcel_feature AS p, fp.footprint_feature AS f, la.location_id
    FROM pc JOIN location_areas la ON la.vintage = $1 AND la.parcel_feature = pc.feature
    LEFT JOIN footprint_parcels fp
      ON fp.footprints_vintage = $3 AND fp.parcels_vintage = $2
     AND fp.footprint_feature = la.footprint_feature AND fp.parcel_feature = la.parcel_feature
), fl AS (
  SELECT la.footprint_feature AS f, la.location_id
    FROM fc JOIN location_areas la ON la.vintage = $1 AND la.footprint_feature = fc.feature
)
SELECT 0 AS kind, feature AS a, NULL::integer AS b, NULL::integer AS i, NULL::float8 AS id,
       NULL::float8 AS x, NULL::float8 AS y, ST_AsBinary(geom) AS g FROM pc
UNION ALL
SELECT 1, feature, NULL, NULL, NULL, NULL, NULL, ST_AsBinary(geom) FROM fc
UNION ALL
SELECT 1, f.feature, NULL, NULL, NULL, NULL, NULL, ST_AsBinary(f.geom) FROM footprints f
 WHERE f.vintage = $3 AND f.feature IN (SELECT pl.f FROM pl)
   AND f.feature NOT IN (SELECT feature FROM fc)
UNION ALL
SELECT 2, pl.p, pl.f, lf.feature, l.location_id::float8, l.longitude, l.latitude, NULL
  FROM pl JOIN locations l ON l.vintage = $1 AND l.location_id = pl.location_id
  JOIN location_features lf ON lf.location_id = pl.location_id
UNION ALL
SELECT 3, fl.f, NULL, lf.feature, l.location_id::float8, l.longitude, l.latitude, NULL
  FROM fl JOIN locations l ON l.vintage = $1 AND l.location_id = fl.location_id
  JOIN location_features lf ON lf.location_id = fl.location_id`;

const NEAR_SQL = `
SELECT lf.feature AS i, l.location_id::float8 AS id, l.longitude AS x, l.latitude AS y
  FROM locations l JOIN location_features lf USING (location_id)
 WHERE l.vintage = $1 AND l.geom && ST_MakeEnvelope($2, $3, $4, $5, 4326)`;

interface Row {
  kind: number;
  a: number;
  b: number | null;
  i: number;
  id: number;
  x: number;
  y: number;
  g: Buffer | null;
}

interface Located {
  i: number;
  lng: number;
  lat: number;
}

const padded = ([a, b, c, d]: Box): Box => [
  a - BOX_PAD_DEG,
  b - BOX_PAD_DEG,
  c + BOX_PAD_DEG,
  d + BOX_PAD_DEG,
];

/** The fetched rows as the rule's source; location_id of each location index met. */
function sourceOf(rows: Row[], ids: Map<number, number>): LocateSource {
  const parcels = new PackedBuilder();
  const footprints = new PackedBuilder();
  const parcelFeature: number[] = [];
  const footprintAt = new Map<number, number>();
  const parcelAt = new Map<number, number>();
  const onParcel = new Map<number, (Located & { f: number })[]>();
  const inFootprint = new Map<number, Located[]>();
  for (const r of rows) {
    if (r.kind === 0) {
      parcelAt.set(r.a, parcels.addWkb(r.g!));
      parcelFeature.push(r.a);
    } else if (r.kind === 1 && !footprintAt.has(r.a)) {
      footprintAt.set(r.a, footprints.addWkb(r.g!));
    }
  }
  const push = <T>(m: Map<number, T[]>, k: number, v: T) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  for (const r of rows) {
    if (r.kind < 2) continue;
    ids.set(r.i, r.id);
    const at = { i: r.i, lng: r.x, lat: r.y };
    if (r.kind === 2)
      push(onParcel, parcelAt.get(r.a)!, { ...at, f: r.b === null ? -1 : footprintAt.get(r.b)! });
    else push(inFootprint, footprintAt.get(r.a)!, at);
  }
  const all = (n: number) => Array.from({ length: n }, (_, k) => k);
  const parcelList = all(parcels.count);
  const footprintList = [...inFootprint.keys()];
  return {
    parcels: parcels.finish(),
    footprints: footprints.finish(),
    // Everything fetched already met the reach: a superset is all the rule asks.
    parcelsNear: () => parcelList,
    parcelFeature: (p) => parcelFeature[p],
    forEachParcelLocation(p, visit) {
      for (const l of onParcel.get(p) ?? []) visit(l.i, l.lng, l.lat, l.f);
    },
    footprintsNear: () => footprintList,
    forEachFootprintLocation(f, visit) {
      for (const l of inFootprint.get(f) ?? []) visit(l.i, l.lng, l.lat);
    },
  };
}

export async function locate(
  ctx: PgContext,
  vintage: string,
  point: LocatePoint,
  options: LocateOptions,
): Promise<LocateRecord[]> {
  if (ctx.vintageIndex(vintage) < 0) return [];
  const x = point.longitude;
  const y = point.latitude;
  const layers = ctx.layerVintages(vintage);
  const { rows } = await ctx.pool.query<Row>({
    name: 'locate-areas',
    text: AREAS_SQL,
    values: [
      vintage,
      layers.parcels,
      layers.footprints,
      ...padded(boxAround(x, y, Math.max(0, options.parceltolerancem))),
      ...padded(boxAround(x, y, Math.max(0, options.footprinttolerancem))),
    ],
  });
  const ids = new Map<number, number>();
  let hit: { index: number; distance: number; type: MatchType } | null = decideByAreas(
    sourceOf(rows, ids),
    x,
    y,
    options,
  );
  if (!hit && options.matchtypes & NEAREST) {
    const near = await ctx.pool.query<{ i: number; id: number; x: number; y: number }>({
      name: 'locate-near',
      text: NEAR_SQL,
      values: [vintage, ...boxAround(x, y, options.neardistancem)],
    });
    const best = nearestOf(x, y, options.neardistancem, (visit) => {
      for (const r of near.rows) {
        ids.set(r.i, r.id);
        visit(r.i, r.x, r.y);
      }
    });
    hit = best && { ...best, type: 'Nearest' };
  }
  if (!hit) return [];
  return [
    {
      latitude: point.latitude,
      longitude: point.longitude,
      location_id: ids.get(hit.index)!,
      distancem: roundMeters(hit.distance),
      matchtype: hit.type,
      sourcekey: point.sourcekey,
    },
  ];
}
