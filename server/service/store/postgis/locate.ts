// locate over the database: one query fetches what the rule can read near the point (parcels
// and footprints whose boxes meet the tolerances' reach, the release's locations on them, and
// each footprint's parcel), the rule both stores share (rules/locate-decision.ts) decides on
// those candidates with the same geometry functions on the same integer vertices, and only when
// no parcel or footprint answers does a second query fetch the locations near enough for the
// Nearest step. The release indexed in process (locate-index.ts) is decided by the same rule on
// that index, without a query.
import { boxAround, roundMeters } from '../rules/geodesy';
import {
  decideByAreas,
  nearestOf,
  NEAREST,
  type Box,
  type LocateSource,
} from '../rules/locate-decision';
import type { LocatePoint, LocateRecord } from '../store';
import type { LocateOptions, MatchType } from '../../../contract/schemas/locate-match-types';
import type { PgContext } from './context';
import type { LocateIndex } from './locate-index';
import { PackedBuilder } from './packed-wkb';

/** The memory store pads its feature boxes by this (about a metre): the same reach here. */
const BOX_PAD_DEG = 1e-5;

/** A vintage, checked before it is written into SQL. */
function checked(vintage: string): string {
  if (!/^\d{6}$/.test(vintage)) throw new Error(`not a vintage: ${vintage}`);
  return vintage;
}

/** A release's table of a partitioned table: read directly, so a plan needs no pruning. */
const partition = (table: string, vintage: string) => `${table}_${checked(vintage)}`;

const NO_AREAS = 'SELECT NULL::integer AS feature, NULL::geometry AS geom WHERE false';

/**
 * The query of the candidates near the point for release v and its layer vintages. Partitions
 * are named, vintages written as literals, only the boxes are parameters, and each box is a
 * subquery: the planner then estimates every call alike and keeps one plan per connection after
 * five calls (given the boxes as constants it planned every call afresh, 0.5 to 0.8 ms of
 * planning for 0.2 ms of work; over the partitioned tables its one plan scanned whole tables).
 */
function areasSql(v: string, pv: string | null, fv: string | null): string {
  const lit = (x: string | null) => (x === null ? 'NULL::text' : `'${checked(x)}'`);
  const parcels =
    pv === null
      ? NO_AREAS
      : `SELECT feature, geom FROM ${partition('parcels', pv)}
     WHERE geom && (SELECT ST_MakeEnvelope($1, $2, $3, $4, 4326))`;
  const footprints =
    fv === null
      ? NO_AREAS
      : `SELECT feature, geom FROM ${partition('footprints', fv)}
     WHERE geom && (SELECT ST_MakeEnvelope($5, $6, $7, $8, 4326))`;
  const locations = partition('locations', v);
  // Every lookup by key is a LATERAL subquery kept apart (OFFSET 0), so it stays an index probe
  // per candidate whatever the plan guesses of how many candidates the boxes give. The vintage
  // is repeated on each release's table: its indexes lead with it.
  const located = (from: string, key: string) => `${from}
  CROSS JOIN LATERAL (SELECT l.location_id, l.longitude, l.latitude, lf.feature
      FROM ${locations} l JOIN location_features lf USING (location_id)
     WHERE l.vintage = ${lit(v)} AND l.location_id = ${key} OFFSET 0) l`;
  const pl = `SELECT la.parcel_feature AS p, fp.f, la.location_id
      FROM pc CROSS JOIN LATERAL (SELECT location_id, parcel_feature, footprint_feature
          FROM location_areas WHERE vintage = ${lit(v)} AND parcel_feature = pc.feature OFFSET 0) la
      LEFT JOIN LATERAL (SELECT footprint_feature AS f FROM footprint_parcels
          WHERE footprints_vintage = ${lit(fv)} AND parcels_vintage = ${lit(pv)}
            AND footprint_feature = la.footprint_feature AND parcel_feature = la.parcel_feature
          OFFSET 0) fp ON true`;
  const fl = `SELECT fc.feature AS f, la.location_id
      FROM fc CROSS JOIN LATERAL (SELECT location_id FROM location_areas
          WHERE vintage = ${lit(v)} AND footprint_feature = fc.feature OFFSET 0) la`;
  const footprintsOfParcels =
    fv === null
      ? ''
      : `UNION ALL
SELECT 1, x.f, NULL, NULL, NULL, NULL, NULL, ST_AsBinary(g.geom)
  FROM (SELECT DISTINCT f FROM pl WHERE f IS NOT NULL AND f NOT IN (SELECT feature FROM fc)) x
  CROSS JOIN LATERAL (SELECT geom FROM ${partition('footprints', fv)}
      WHERE vintage = ${lit(fv)} AND feature = x.f OFFSET 0) g`;
  return `
WITH pc AS (${parcels}), fc AS (${footprints}), pl AS (${pl}), fl AS (${fl})
SELECT 0 AS kind, feature AS a, NULL::integer AS b, NULL::integer AS i, NULL::float8 AS id,
       NULL::float8 AS x, NULL::float8 AS y, ST_AsBinary(geom) AS g FROM pc
UNION ALL
SELECT 1, feature, NULL, NULL, NULL, NULL, NULL, ST_AsBinary(geom) FROM fc
${footprintsOfParcels}
UNION ALL
SELECT 2, pl.p, pl.f, l.feature, l.location_id::float8, l.longitude, l.latitude, NULL
  FROM ${located('pl', 'pl.location_id')}
UNION ALL
SELECT 3, fl.f, NULL, l.feature, l.location_id::float8, l.longitude, l.latitude, NULL
  FROM ${located('fl', 'fl.location_id')}`;
}

const nearSql = (v: string) => `
SELECT lf.feature AS i, l.location_id::float8 AS id, l.longitude AS x, l.latitude AS y
  FROM ${partition('locations', v)} l
  CROSS JOIN LATERAL (SELECT feature FROM location_features
      WHERE location_id = l.location_id OFFSET 0) lf
 WHERE l.geom && (SELECT ST_MakeEnvelope($1, $2, $3, $4, 4326))`;

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

/** locate over the in-process index of the release: the same rule, no round trip. */
function locateInProcess(
  ix: LocateIndex,
  point: LocatePoint,
  options: LocateOptions,
): LocateRecord[] {
  const x = point.longitude;
  const y = point.latitude;
  let hit: { index: number; distance: number; type: MatchType } | null = decideByAreas(
    ix.source,
    x,
    y,
    options,
  );
  if (!hit && options.matchtypes & NEAREST) {
    const best = nearestOf(x, y, options.neardistancem, (visit) =>
      ix.forEachLocation(boxAround(x, y, options.neardistancem), visit),
    );
    hit = best && { ...best, type: 'Nearest' };
  }
  return hit ? [record(point, ix.locationId[hit.index], hit)] : [];
}

const record = (
  point: LocatePoint,
  locationId: number,
  hit: { distance: number; type: MatchType },
): LocateRecord => ({
  latitude: point.latitude,
  longitude: point.longitude,
  location_id: locationId,
  distancem: roundMeters(hit.distance),
  matchtype: hit.type,
  sourcekey: point.sourcekey,
});

export async function locate(
  ctx: PgContext,
  vintage: string,
  point: LocatePoint,
  options: LocateOptions,
  indexOf: (vintage: string) => LocateIndex | null = () => null,
): Promise<LocateRecord[]> {
  if (ctx.vintageIndex(vintage) < 0) return [];
  const ix = indexOf(vintage);
  if (ix) return locateInProcess(ix, point, options);
  const x = point.longitude;
  const y = point.latitude;
  const layers = ctx.layerVintages(vintage);
  const { rows } = await ctx.pool.query<Row>({
    name: `locate-areas-${vintage}-${layers.parcels}-${layers.footprints}`,
    text: areasSql(vintage, layers.parcels, layers.footprints),
    values: [
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
      name: `locate-near-${vintage}`,
      text: nearSql(vintage),
      values: [...boxAround(x, y, options.neardistancem)],
    });
    const best = nearestOf(x, y, options.neardistancem, (visit) => {
      for (const r of near.rows) {
        ids.set(r.i, r.id);
        visit(r.i, r.x, r.y);
      }
    });
    hit = best && { ...best, type: 'Nearest' };
  }
  return hit ? [record(point, ids.get(hit.index)!, hit)] : [];
}
