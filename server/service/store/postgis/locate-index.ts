// locate's candidates for the newest release held in process: a round trip to the database
// costs more CPU than the memory store's whole locate (node-postgres and the backend together,
// even for SELECT 1), so a locate that asks the database cannot come near the memory store's
// throughput. What the rule reads is read once, in a compact form (parcel and footprint polygons
// as packed integers, R-trees of their boxes, the release's locations as columns, parcel and
// footprint → location lists, a kd-tree of the locations), and locate.ts decides on it with the
// same shared rule. The other releases, and every call while the index is (re)built, ask the
// database as before. The database's import ledger is read every few seconds: when an import
// has loaded or published anything since, the index is dropped (locate asks the database) and
// built again. While the database cannot be reached the index keeps answering: nothing can
// change the tables meanwhile, and the next ledger read after the outage sees what changed.
import Flatbush from 'flatbush';
import KDBush from 'kdbush';
import type pg from 'pg';
import type { PackedGeometry } from '../fabric';
import { buildCsr, type Csr } from '../rules/csr';
import { packedBBox } from '../rules/ring-test';
import type { Box, LocateSource } from '../rules/locate-decision';
import type { LayerVintages } from './context';
import { PackedBuilder } from './packed-wkb';

/** The memory store pads its feature boxes by this (about a metre): the same reach here. */
const BOX_PAD_DEG = 1e-5;
/** Rows read per query while building, so the load never holds a whole table's rows at once. */
const CHUNK = 100_000;

const NONE: number[] = [];
const EMPTY: PackedGeometry = {
  count: 0,
  partStart: new Uint32Array(1),
  vertexStart: new Uint32Array(1),
  xy: new Int32Array(0),
};

export interface LocateIndex {
  vintage: string;
  /** The rule's source; location indexes are ranks by location_id within the release. */
  source: LocateSource;
  /** location_id of a location index. */
  locationId: Float64Array;
  /** Each present location in the box (inclusive, as PostGIS's && is). */
  forEachLocation(box: Box, visit: (i: number, lng: number, lat: number) => void): void;
  /** Bytes held by its arrays (for the figures). */
  bytes: number;
}

/** A vintage, checked before it is written into SQL. */
function checked(vintage: string): string {
  if (!/^\d{6}$/.test(vintage)) throw new Error(`not a vintage: ${vintage}`);
  return vintage;
}

function boxTree(g: PackedGeometry): Flatbush | null {
  if (g.count === 0) return null;
  const tree = new Flatbush(g.count, 16, Float32Array);
  for (let f = 0; f < g.count; f++) {
    const [a, b, c, d] = packedBBox(g, f);
    tree.add(a - BOX_PAD_DEG, b - BOX_PAD_DEG, c + BOX_PAD_DEG, d + BOX_PAD_DEG);
  }
  tree.finish();
  return tree;
}

/**
 * A layer's polygons by feature (features are ranks from 0, so feature k is the k-th polygon);
 * null when a feature is missing (then locate keeps asking the database).
 */
async function polygons(pool: pg.Pool, table: string): Promise<PackedGeometry | null> {
  const b = new PackedBuilder();
  for (;;) {
    const { rows } = await pool.query<[number, Buffer]>({
      text: `SELECT feature, ST_AsBinary(geom) FROM ${table}
              WHERE feature >= $1 ORDER BY feature LIMIT ${CHUNK}`,
      values: [b.count],
      rowMode: 'array',
    });
    for (const [feature, wkb] of rows) {
      if (feature !== b.count) return null;
      b.addWkb(wkb);
    }
    if (rows.length < CHUNK) return b.finish();
  }
}

/** Builds the index of release `v` (its layers as fabric_layers names them), or null. */
export async function buildLocateIndex(
  pool: pg.Pool,
  v: string,
  layers: LayerVintages,
): Promise<LocateIndex | null> {
  const pv = layers.parcels === null ? null : checked(layers.parcels);
  const fv = layers.footprints === null ? null : checked(layers.footprints);
  const parcels = pv === null ? EMPTY : await polygons(pool, `parcels_${pv}`);
  const footprints = fv === null ? EMPTY : await polygons(pool, `footprints_${fv}`);
  if (!parcels || !footprints) return null;
  const lit = (x: string | null) => (x === null ? 'NULL::text' : `'${x}'`);
  const ids: number[] = [];
  const lngs: number[] = [];
  const lats: number[] = [];
  const parcelOf: number[] = [];
  const footprintOf: number[] = [];
  // The location's footprint only when that footprint's parcel is the location's parcel: what
  // locate.ts's query and the memory store give FootprintParcel (else -1).
  const footprintOnParcel: number[] = [];
  let after = -1;
  for (;;) {
    const { rows } = await pool.query<
      [number, number, number, number | null, number | null, number | null]
    >({
      text: `SELECT l.location_id::float8, l.longitude, l.latitude, la.parcel_feature,
                    la.footprint_feature, fp.footprint_feature
               FROM locations_${checked(v)} l
               LEFT JOIN location_areas la
                 ON la.vintage = ${lit(v)} AND la.location_id = l.location_id
               LEFT JOIN footprint_parcels fp
                 ON fp.footprints_vintage = ${lit(fv)} AND fp.parcels_vintage = ${lit(pv)}
                AND fp.footprint_feature = la.footprint_feature
                AND fp.parcel_feature = la.parcel_feature
              WHERE l.vintage = ${lit(v)} AND l.location_id > $1
              ORDER BY l.location_id LIMIT ${CHUNK}`,
      values: [after],
      rowMode: 'array',
    });
    for (const [id, lng, lat, p, f, fp] of rows) {
      ids.push(id);
      lngs.push(lng);
      lats.push(lat);
      parcelOf.push(p ?? -1);
      footprintOf.push(f ?? -1);
      footprintOnParcel.push(fp ?? -1);
    }
    if (rows.length < CHUNK) break;
    after = ids[ids.length - 1];
  }
  const count = ids.length;
  const lng = Float64Array.from(lngs);
  const lat = Float64Array.from(lats);
  const footprintAt = Int32Array.from(footprintOnParcel);
  const points = new KDBush(Math.max(1, count), 64, Float64Array);
  for (let i = 0; i < count; i++) points.add(lng[i], lat[i]);
  points.finish();
  const parcelTree = boxTree(parcels);
  const footprintTree = boxTree(footprints);
  const parcelLocations: Csr = buildCsr(parcelOf, parcels.count);
  const footprintLocations: Csr = buildCsr(footprintOf, footprints.count);
  const geometryBytes = (g: PackedGeometry) =>
    g.xy.byteLength + g.partStart.byteLength + g.vertexStart.byteLength;
  const csrBytes = (c: Csr) => c.start.byteLength + c.items.byteLength;
  const source: LocateSource = {
    parcels,
    footprints,
    parcelsNear: (b) => (parcelTree ? parcelTree.search(b[0], b[1], b[2], b[3]) : NONE),
    // Parcel indexes are their features.
    parcelFeature: (p) => p,
    forEachParcelLocation(p, visit) {
      const { start, items } = parcelLocations;
      for (let k = start[p]; k < start[p + 1]; k++) {
        const i = items[k];
        visit(i, lng[i], lat[i], footprintAt[i]);
      }
    },
    footprintsNear(b) {
      if (!footprintTree) return NONE;
      const { start } = footprintLocations;
      // Footprints that hold no location of the release cannot answer: skip their geometry.
      return footprintTree.search(b[0], b[1], b[2], b[3], (f) => start[f] !== start[f + 1]);
    },
    forEachFootprintLocation(f, visit) {
      const { start, items } = footprintLocations;
      for (let k = start[f]; k < start[f + 1]; k++) {
        const i = items[k];
        visit(i, lng[i], lat[i]);
      }
    },
  };
  return {
    vintage: v,
    source,
    locationId: Float64Array.from(ids),
    forEachLocation([minX, minY, maxX, maxY], visit) {
      if (count === 0) return;
      for (const i of points.range(minX, minY, maxX, maxY)) visit(i, lng[i], lat[i]);
    },
    bytes:
      geometryBytes(parcels) +
      geometryBytes(footprints) +
      (parcelTree?.data.byteLength ?? 0) +
      (footprintTree?.data.byteLength ?? 0) +
      points.data.byteLength +
      csrBytes(parcelLocations) +
      csrBytes(footprintLocations) +
      count * (8 + 8 + 8 + 4),
  };
}

/** How often the import ledger is read for a change. */
export const LEDGER_CHECK_MS = 2_000;

export interface LocateIndexKeeper {
  /** The index of release v when it is built and current; else null. */
  get(vintage: string): LocateIndex | null;
  stop(): void;
}

/**
 * What the import ledger says has been loaded and published: any file loaded or published
 * changes it. '' without a ledger (nothing can change the tables then).
 */
async function ledger(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ t: string | null }>(
    `SELECT to_regclass(quote_ident(current_schema()) || '.import_files')::text AS t`,
  );
  if (!rows[0].t) return '';
  const { rows: state } = await pool.query<{ s: string }>(
    `SELECT count(*) || ':' || coalesce(max(file_id), 0) || ':' ||
            count(*) FILTER (WHERE published) || ':' || coalesce(max(loaded_at)::text, '') AS s
       FROM import_files`,
  );
  return state[0].s;
}

/**
 * Builds the index of release `v` and keeps it in step with the database: read again whenever
 * the ledger changes. Resolves once the first build is done (a failed build leaves locate
 * asking the database until a later check builds it).
 */
export async function keepLocateIndex(
  pool: pg.Pool,
  v: string,
  layers: LayerVintages,
  opts: { checkMs?: number; log?: (line: string) => void } = {},
): Promise<LocateIndexKeeper> {
  const log = opts.log ?? (() => {});
  let index: LocateIndex | null = null;
  let builtAt: string | null = null;
  let stopped = false;
  let first = true;
  let busy: Promise<void> | null = null;
  const build = async () => {
    index = null;
    builtAt = null;
    const started = performance.now();
    // The ledger read before and after: an import that changed the tables meanwhile builds again.
    let seen = await ledger(pool);
    for (;;) {
      if (stopped) return;
      const built = await buildLocateIndex(pool, v, layers);
      const now = await ledger(pool);
      if (now !== seen) {
        seen = now;
        continue;
      }
      if (!built) {
        builtAt = now;
        log(`locate: release ${v} not indexed in process (a layer's features are not 0..n-1)`);
        return;
      }
      [index, builtAt] = [built, now];
      // Said when rebuilt; the first build is part of opening the store.
      if (!first)
        log(
          `locate: release ${v} indexed in process in ${Math.round(performance.now() - started)} ms (${Math.round(built.bytes / 2 ** 20)} MB)`,
        );
      return;
    }
  };
  const check = async () => {
    try {
      if ((await ledger(pool)) !== builtAt) await build();
    } catch {
      // Unreachable, or a build cut short: asked again at the next check.
    }
  };
  const once = () => {
    busy ??= check().finally(() => {
      busy = null;
    });
    return busy;
  };
  await once();
  first = false;
  const timer = setInterval(() => void once(), opts.checkMs ?? LEDGER_CHECK_MS);
  timer.unref();
  return {
    get: (vintage) => (index && index.vintage === vintage ? index : null),
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
