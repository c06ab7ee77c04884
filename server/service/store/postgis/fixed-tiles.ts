// Fixed broadband tiles over PostGIS (docs/architecture.md, "The fixed broadband path"): the memory store's `fixed` points and
// `fixed_hex` hexagons (memory/ops/fixed-tiles.ts), read from what the import derives
// (import/derive-fixed-tiles.ts: tier strings per coverage vintage, each location's H3 cells,
// the res-7 cells' parents at res 5 and 6, the cells' boxes) and encoded by the memory store's
// own encoders, so positions and properties agree. Hexagon counts come from a tile's locations
// grouped by what decides their status (for the usual pair, a fabric vintage and coverage
// reported on it, grouped at import); the filters are applied to the groups in JS with
// shared/fixed-status.ts, so another filter on the same tile costs no query.
import { cellToBoundary } from '../../../contract/h3';
import {
  statusFromTiers,
  fixedFiltersRecord,
  type FixedFilters,
} from '../../../../shared/fixed-status';
import { hexCellFeature, type CellCounts } from '../rules/fixed-hex-feature';
import {
  encodeTile,
  FIXED_LOCATION_MIN_ZOOM,
  hexResolution,
  tileBBox,
  type HexResolution,
} from '../rules/tile-grid';
import { ByteLru } from '../rules/lru';
import { encodePointTile, type TilePoint } from '../rules/point-tile';
import type { PgContext } from './context';
import { quickQuery } from './quick-query';
import { cellLocations, LOCATIONS_OF_CELLS, providerTiers } from './provider-tiles';

/** The tier string of a location without fixed records. */
const NO_TIERS = '0'.repeat(18);

interface Joined {
  fabric: string;
  coverage: string;
  /** The release the coverage vintage was reported on ('' when the fabric has none). */
  release: string;
}

/** The vintages a tile joins, as the memory store joins them; null when either is unknown. */
function joined(ctx: PgContext, cv: string, fv: string): Joined | null {
  if (!ctx.coverageVintages.includes(cv) || ctx.vintageIndex(fv) < 0) return null;
  const release = ctx.vintages.filter((v) => v.vintage <= cv).at(-1)?.vintage ?? '';
  return { fabric: fv, coverage: cv, release };
}

const BOX = `ST_MakeEnvelope($4, $5, $6, $7, 4326)`;

const POINTS = `
  SELECT l.location_id::float8 AS id, l.longitude, l.latitude, l.bsl_flag, l.unit_count,
         l.building_type_code,
         EXISTS (SELECT 1 FROM locations r WHERE r.vintage = $3 AND r.location_id = l.location_id)
           AS inrelease,
         t.offers, t.r, t.b
    FROM locations l LEFT JOIN fixed_tiers t ON t.vintage = $2 AND t.location_id = l.location_id
   WHERE l.vintage = $1 AND l.geom && ${BOX}
     AND l.longitude BETWEEN $4 AND $6 AND l.latitude BETWEEN $5 AND $7
   ORDER BY l.location_id`;

interface PointRow {
  id: number;
  longitude: number;
  latitude: number;
  bsl_flag: number;
  unit_count: number;
  building_type_code: string;
  inrelease: boolean;
  offers: number | null;
  r: string | null;
  b: string | null;
}

/** The cells in the box $k..$k+3, as the memory store's R-tree of cell boxes finds them. */
function cellsIn(res: HexResolution, k: number): string {
  const [w, so, e, n] = [k, k + 1, k + 2, k + 3].map((i) => `$${i}`);
  return `SELECT h.h3 FROM hex_cells h
    WHERE h.res = ${res} AND h.box && ST_MakeEnvelope(${w}, ${so}, ${e}, ${n}, 4326)
      AND h.east >= ${w} AND h.north >= ${so} AND h.west <= ${e} AND h.south <= ${n}`;
}

/** When the fabric vintage is the coverage's release, grouped at import: $1 coverage, $2.. box. */
const RELEASE_GROUPS = (res: HexResolution) => `
  SELECT g.h3, g.bsl, true AS inrelease, g.r, g.b, g.n
    FROM hex_groups g JOIN (${cellsIn(res, 2)}) h ON g.vintage = $1 AND g.res = ${res} AND g.h3 = h.h3`;

/** Any other pair, the tile's locations grouped as read: $1 fabric, $2 coverage, $3 release. */
const GROUPS = (res: HexResolution) => `
  SELECT h.h3, l.bsl_flag = 1 AS bsl,
         EXISTS (SELECT 1 FROM locations r WHERE r.vintage = $3 AND r.location_id = l.location_id)
           AS inrelease,
         t.r, t.b, count(*)::int AS n
    FROM (${cellsIn(res, 4)}) h
    ${cellLocations(res)}
    JOIN locations l ON l.vintage = $1 AND l.location_id = c.location_id
    LEFT JOIN fixed_tiers t ON t.vintage = $2 AND t.location_id = c.location_id
   GROUP BY 1, 2, 3, 4, 5`;

interface Group {
  h3: string;
  bsl: boolean;
  inrelease: boolean;
  r: string | null;
  b: string | null;
  n: number;
}

interface Caches {
  tiles: ByteLru;
  /** A hexagon tile's groups, whatever the filters (the few last tiles). */
  groups: Map<string, Promise<Group[]>>;
}
const GROUPS_KEPT = 64;
const caches = new WeakMap<PgContext, Caches>();

function cachesOf(ctx: PgContext): Caches {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = { tiles: new ByteLru(2048, 64 * 1024 * 1024), groups: new Map() }));
  return c;
}

async function cached(ctx: PgContext, key: string, build: () => Promise<Uint8Array>) {
  const { tiles } = cachesOf(ctx);
  let bytes = tiles.get(key);
  if (!bytes) {
    bytes = await build();
    bytes = tiles.set(key, bytes);
  }
  return bytes;
}

export async function fixedTile(
  ctx: PgContext,
  cv: string,
  fv: string,
  z: number,
  x: number,
  y: number,
  provider: number | null = null,
): Promise<Uint8Array> {
  const v = joined(ctx, cv, fv);
  if (!v) return new Uint8Array(0);
  return cached(ctx, `fixed/${fv}/${cv}/${z}/${x}/${y}/${provider ?? ''}`, async () => {
    if (z < FIXED_LOCATION_MIN_ZOOM) return encodePointTile('fixed', [], z, x, y);
    const { rows } = await quickQuery<PointRow>(ctx.pool, POINTS, [
      v.fabric,
      v.coverage,
      v.release,
      ...tileBBox(z, x, y),
    ]);
    if (provider !== null) {
      const own = await providerTiers(
        ctx,
        cv,
        provider,
        rows.map((row) => row.id),
      );
      for (const row of rows)
        Object.assign(row, own.get(row.id) ?? { offers: 0, r: null, b: null });
    }
    const points = rows.map((row): TilePoint => ({
      id: row.id,
      lng: row.longitude,
      lat: row.latitude,
      properties: {
        location_id: row.id,
        bsl: row.bsl_flag,
        units: row.unit_count,
        building: row.building_type_code,
        inrelease: row.inrelease ? 1 : 0,
        offers: row.offers ?? 0,
        r: row.r ?? NO_TIERS,
        b: row.b ?? NO_TIERS,
      },
    }));
    return encodePointTile('fixed', points, z, x, y);
  });
}

function hexGroups(
  ctx: PgContext,
  v: Joined,
  res: HexResolution,
  [z, x, y]: [number, number, number],
  provider: number | null,
) {
  const { groups } = cachesOf(ctx);
  const key = `${v.fabric}/${v.coverage}/${z}/${x}/${y}/${provider ?? ''}`;
  let found = groups.get(key);
  if (found)
    groups.delete(key); // re-inserted below: Map order is recency
  else {
    const box = tileBBox(z, x, y);
    if (provider !== null) found = providerGroups(ctx, v, res, box, provider);
    else {
      const [sql, params] =
        v.fabric === v.release
          ? [RELEASE_GROUPS(res), [v.coverage, ...box]]
          : [GROUPS(res), [v.fabric, v.coverage, v.release, ...box]];
      found = quickQuery<Group>(ctx.pool, sql, params).then((r) => r.rows);
    }
    found.catch(() => groups.delete(key));
  }
  groups.set(key, found);
  if (groups.size > GROUPS_KEPT) groups.delete(groups.keys().next().value!);
  return found;
}

/** Under a provider, a tile's locations each its own group, with that provider's tiers. */
async function providerGroups(
  ctx: PgContext,
  v: Joined,
  res: HexResolution,
  box: number[],
  provider: number,
): Promise<Group[]> {
  const { rows } = await quickQuery<{ h3: string; id: number; bsl: boolean; inrelease: boolean }>(
    ctx.pool,
    LOCATIONS_OF_CELLS(cellsIn(res, 3), res),
    [v.fabric, v.release, ...box],
  );
  const own = await providerTiers(
    ctx,
    v.coverage,
    provider,
    rows.map((row) => row.id),
  );
  return rows.map(({ h3, id, bsl, inrelease }) => {
    const tiers = own.get(id);
    return { h3, bsl, inrelease, r: tiers?.r ?? null, b: tiers?.b ?? null, n: 1 };
  });
}

/** Each cell's counts under the filters, in the memory store's terms (memory/ops/fixed-hex-counts.ts). */
function countCells(groups: readonly Group[], filters: FixedFilters): Map<string, CellCounts> {
  const cells = new Map<string, CellCounts>();
  for (const g of groups) {
    let c = cells.get(g.h3);
    if (!c) {
      c = { locations: 0, bsls: 0, served: 0, underserved: 0, unserved: 0, notinrelease: 0 };
      cells.set(g.h3, c);
    }
    c.locations += g.n;
    if (!g.inrelease) c.notinrelease += g.n;
    else if (g.bsl) {
      c.bsls += g.n;
      const tiers = (filters.audience === 'business' ? g.b : g.r) ?? NO_TIERS;
      c[statusFromTiers(tiers, filters)] += g.n;
    }
  }
  return cells;
}

export async function fixedHexTile(
  ctx: PgContext,
  cv: string,
  fv: string,
  z: number,
  x: number,
  y: number,
  filters: FixedFilters,
): Promise<Uint8Array> {
  const v = joined(ctx, cv, fv);
  if (!v) return new Uint8Array(0);
  const filterKey = Object.values(fixedFiltersRecord(filters)).join('/');
  return cached(ctx, `hex/${fv}/${cv}/${z}/${x}/${y}/${filterKey}`, async () => {
    const res = hexResolution(z);
    if (res === null) return encodeTile({ fixed_hex: [] }, z, x, y);
    const groups = await hexGroups(ctx, v, res, [z, x, y], filters.provider ?? null);
    const cells = countCells(groups, filters);
    const features = [...cells].map(([h3, n]) => hexCellFeature(h3, cellToBoundary(h3, true), n));
    return encodeTile({ fixed_hex: features }, z, x, y);
  });
}
