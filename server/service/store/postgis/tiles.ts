// The fabric's vector tiles over PostGIS: the layers, features and properties of the memory
// store's tiles (memory/ops/tiles.ts, memory/ops/tile-features.ts), encoded by ST_AsMVT; town labels from
// town_labels, derived at import as the memory store derives them. Features are picked
// by the same lng/lat box the memory store searches, then clipped to the tile and its buffer
// by ST_AsMVTGeom. A parcel's or footprint's uuid is the store's keyed code, computed here in
// JS, so a tile with those layers takes two queries: their features in the box, then the tile.
import { ByteLru } from '../rules/lru';
import { ROAD_CLASS, TILE_MIN_ZOOM, tileBBox } from '../rules/tile-grid';
import type { PgContext } from './context';
import { quickQuery } from './quick-query';

const EXTENT = 4096;
const BUFFER = 64;

const caches = new WeakMap<PgContext, ByteLru>();

/** One statement for the whole tile: $1..$3 are z, x, y, $4..$7 the lng/lat box. */
class TileQuery {
  readonly params: unknown[];
  private readonly layers: string[] = [];
  constructor(z: number, x: number, y: number) {
    this.params = [z, x, y, ...tileBBox(z, x, y)];
  }
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  /** The conditions on `alias`: partition `vintage`, in the box. */
  where(alias: string, vintage: string): string {
    return `${alias}.vintage = ${this.param(vintage)}
      AND ${alias}.geom && ST_MakeEnvelope($4, $5, $6, $7, 4326)`;
  }
  /**
   * `alias`'s geometry in tile coordinates, clipped to the tile and its buffer (null outside).
   * Clipped before ST_AsMVTGeom rounds it to tile units, as geojson-vt does: rounding first moves
   * where a short segment crosses the buffer's edge by several units.
   */
  geom(alias: string): string {
    const margin = BUFFER / EXTENT;
    return `ST_AsMVTGeom(ST_ClipByBox2D(ST_Transform(${alias}.geom, 3857), ST_TileEnvelope($1, $2, $3, margin => ${margin})),
      ST_TileEnvelope($1, $2, $3), ${EXTENT}, ${BUFFER}, true) AS geom`;
  }
  /** A layer: `select` lists its features' properties and `geom`. */
  layer(name: string, select: string): void {
    this.layers.push(
      // FILTER rather than WHERE: a WHERE on geom would be pushed down and compute it twice.
      `coalesce((SELECT ST_AsMVT(t, '${name}', ${EXTENT}, 'geom') FILTER (WHERE t.geom IS NOT NULL) FROM (${select}) t), ''::bytea)`,
    );
  }
  get empty(): boolean {
    return this.layers.length === 0;
  }
  get sql(): string {
    return `SELECT ${this.layers.join(' || ')} AS tile`;
  }
}

/** Features of an area layer in the box, with their uuids (layer code 1 parcels, 2 footprints). */
async function areaUuids(
  ctx: PgContext,
  table: 'parcels' | 'footprints',
  vintage: string,
  vi: number,
  box: number[],
): Promise<{ features: number[]; uuids: string[] }> {
  const { rows } = await ctx.pool.query<{ feature: number }>(
    `SELECT feature FROM ${table} WHERE vintage = $1 AND geom && ST_MakeEnvelope($2, $3, $4, $5, 4326)`,
    [vintage, ...box],
  );
  const layer = table === 'parcels' ? 1 : 2;
  const features = rows.map((r) => r.feature);
  const uuids = features.map((feature) => ctx.codec.encode({ layer, vintageIndex: vi, feature }));
  return { features, uuids };
}

async function build(ctx: PgContext, v: string, vi: number, z: number, x: number, y: number) {
  const q = new TileQuery(z, x, y);
  const box = tileBBox(z, x, y);
  const serving = ctx.layerVintages(v);
  if (z >= TILE_MIN_ZOOM.towns) {
    // initcap writes a city as townLabelName (memory/ops/tile-features.ts) does.
    q.layer(
      'towns',
      `SELECT initcap(t.city) AS name, t.zip, ${q.geom('t')} FROM town_labels t WHERE ${q.where('t', v)}`,
    );
  }
  if (z >= TILE_MIN_ZOOM.roads && serving.roads) {
    const classes = q.param(ROAD_CLASS);
    q.layer(
      'roads',
      `SELECT r.name, coalesce((${classes}::text[])[r.road_class + 1], 'minor') AS class, ${q.geom('r')}
         FROM roads r WHERE ${q.where('r', serving.roads)}`,
    );
  }
  for (const table of ['parcels', 'footprints'] as const) {
    const layerVintage = serving[table];
    if (z < TILE_MIN_ZOOM[table] || !layerVintage) continue;
    const { features, uuids } = await areaUuids(ctx, table, layerVintage, vi, box);
    if (features.length === 0) continue;
    q.layer(
      table,
      `SELECT u.uuid, ${q.geom('a')}
         FROM ${table} a JOIN unnest(${q.param(features)}::int[], ${q.param(uuids)}::text[])
              AS u(feature, uuid) ON u.feature = a.feature
        WHERE ${q.where('a', layerVintage)}`,
    );
  }
  if (z >= TILE_MIN_ZOOM.locations) {
    q.layer(
      'locations',
      `SELECT l.location_id, l.building_type_code, l.unit_count, ${q.geom('l')}
         FROM locations l WHERE ${q.where('l', v)}`,
    );
  }
  if (q.empty) return new Uint8Array(0);
  const { rows } = await quickQuery<{ tile: Buffer }>(ctx.pool, q.sql, q.params);
  return new Uint8Array(rows[0].tile);
}

/** MVT bytes of tile (z, x, y) of fabric vintage `v`; empty for a vintage the store lacks. */
export async function tile(
  ctx: PgContext,
  v: string,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array> {
  const vi = ctx.vintageIndex(v);
  if (vi < 0) return new Uint8Array(0);
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new ByteLru(4096, 64 * 1024 * 1024)));
  const key = `${v}/${z}/${x}/${y}`;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = await build(ctx, v, vi, z, x, y);
    bytes = cache.set(key, bytes);
  }
  return bytes;
}
