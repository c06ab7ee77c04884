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
import { to as copyTo } from 'pg-copy-streams';
import { firstPart, type PackedGeometry } from '../fabric';
import { buildCsr, type Csr } from '../rules/csr';
import { packedBBox } from '../rules/ring-test';
import type { Box, LocateSource } from '../rules/locate-decision';
import type { LayerVintages } from './context';
import { packedFromWkb } from './packed-wkb';

/** The memory store pads its feature boxes by this (about a metre): the same reach here. */
const BOX_PAD_DEG = 1e-5;

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

/** Growable Int32Array (the polygons' counts are not known before they are read). */
class Ints {
  a = new Int32Array(1024);
  n = 0;
  push(x: number) {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = x;
  }
  done(): Int32Array {
    return this.a.slice(0, this.n);
  }
}

/** A tuple of COPY's binary format: field k is buf[at[k] .. at[k] + len[k]) (len -1: NULL). */
interface Tuple {
  buf: Buffer;
  at: Int32Array;
  len: Int32Array;
}

/**
 * Rows of `sql` streamed through COPY in its binary format, one tuple at a time: one query per
 * table, no row objects, nothing but the current chunk held (node-postgres's rows of a million
 * locations cost seconds and hundreds of MB).
 */
async function copyRows(
  pool: pg.Pool,
  sql: string,
  fields: number,
  visit: (t: Tuple) => void,
): Promise<void> {
  const client = await pool.connect();
  try {
    // A table read whole may take longer than one request's statement timeout (at 10M).
    await client.query('BEGIN READ ONLY');
    await client.query('SET LOCAL statement_timeout = 0');
    const stream = client.query(copyTo(`COPY (${sql}) TO STDOUT (FORMAT binary)`));
    const t: Tuple = {
      buf: Buffer.alloc(0),
      at: new Int32Array(fields),
      len: new Int32Array(fields),
    };
    let pending: Buffer = Buffer.alloc(0);
    let header = true;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const buf = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let pos = 0;
      if (header) {
        // Signature (11 bytes), flags, header extension length and the extension.
        if (buf.length < 19) {
          pending = buf;
          continue;
        }
        pos = 19 + buf.readInt32BE(15);
        header = false;
      }
      for (;;) {
        if (pos + 2 > buf.length) break;
        const n = buf.readInt16BE(pos);
        if (n === -1) {
          pos = buf.length;
          break;
        }
        let at = pos + 2;
        let whole = true;
        for (let k = 0; k < n; k++) {
          if (at + 4 > buf.length) {
            whole = false;
            break;
          }
          const len = buf.readInt32BE(at);
          t.at[k] = at + 4;
          t.len[k] = len;
          at += 4 + Math.max(0, len);
        }
        if (!whole || at > buf.length) break;
        t.buf = buf;
        visit(t);
        pos = at;
      }
      pending = buf.subarray(pos);
    }
    await client.query('COMMIT');
  } catch (err) {
    // The connection is not handed back mid-transaction.
    client.release(true);
    throw err;
  }
  client.release();
}

/**
 * A layer's polygons by feature (features are ranks from 0, so feature k is the k-th polygon);
 * null when a feature is missing (then locate keeps asking the database). Read as WKB straight
 * into packed integers, as packed-wkb.ts reads them.
 */
async function polygons(pool: pg.Pool, kind: string, lv: string): Promise<PackedGeometry | null> {
  const partStart = new Ints();
  const vertexStart = new Ints();
  const xy = new Ints();
  let count = 0;
  let gap = false;
  partStart.push(0);
  vertexStart.push(0);
  await copyRows(
    pool,
    `SELECT feature, ST_AsBinary(geom) FROM ${kind}_${lv} WHERE vintage = '${lv}' ORDER BY feature`,
    2,
    ({ buf, at, len }) => {
      if (gap || buf.readInt32BE(at[0]) !== count) {
        gap = true;
        return;
      }
      const g = packedFromWkb(buf.subarray(at[1], at[1] + len[1]));
      const parts = vertexStart.n - 1;
      const vertices = xy.n / 2;
      for (let k = 1; k < g.vertexStart.length; k++) vertexStart.push(vertices + g.vertexStart[k]);
      for (let k = 0; k < g.xy.length; k++) xy.push(g.xy[k]);
      partStart.push(parts + firstPart(g, g.count));
      count++;
    },
  );
  if (gap) return null;
  return {
    count,
    partStart: Uint32Array.from(partStart.done()),
    vertexStart: Uint32Array.from(vertexStart.done()),
    xy: xy.done(),
  };
}

/** Builds the index of release `v` (its layers as fabric_layers names them), or null. */
export async function buildLocateIndex(
  pool: pg.Pool,
  v: string,
  layers: LayerVintages,
): Promise<LocateIndex | null> {
  checked(v);
  const pv = layers.parcels === null ? null : checked(layers.parcels);
  const fv = layers.footprints === null ? null : checked(layers.footprints);
  const parcels = pv === null ? EMPTY : await polygons(pool, 'parcels', pv);
  const footprints = fv === null ? EMPTY : await polygons(pool, 'footprints', fv);
  if (!parcels || !footprints) return null;
  const { rows: sized } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM locations_${v} WHERE vintage = '${v}'`,
  );
  const count = sized[0].n;
  const ids = new Float64Array(count);
  const lng = new Float64Array(count);
  const lat = new Float64Array(count);
  let n = 0;
  await copyRows(
    pool,
    `SELECT location_id, longitude, latitude FROM locations_${v}
      WHERE vintage = '${v}' ORDER BY location_id`,
    3,
    ({ buf, at }) => {
      if (n === count) return;
      ids[n] = Number(buf.readBigInt64BE(at[0]));
      lng[n] = buf.readDoubleBE(at[1]);
      lat[n] = buf.readDoubleBE(at[2]);
      n++;
    },
  );
  if (n !== count) return null;
  // The parcel and footprint of each location (location_areas, in the same location_id order).
  const parcelOf = new Int32Array(count).fill(-1);
  const footprintOf = new Int32Array(count).fill(-1);
  let next = 0;
  await copyRows(
    pool,
    `SELECT location_id, parcel_feature, footprint_feature FROM location_areas
      WHERE vintage = '${v}' ORDER BY location_id`,
    3,
    ({ buf, at, len }) => {
      const id = Number(buf.readBigInt64BE(at[0]));
      while (next < count && ids[next] < id) next++;
      if (next === count || ids[next] !== id) return;
      parcelOf[next] = len[1] < 0 ? -1 : buf.readInt32BE(at[1]);
      footprintOf[next] = len[2] < 0 ? -1 : buf.readInt32BE(at[2]);
    },
  );
  // Each footprint's parcel (footprint_parcels): a location's footprint counts for
  // FootprintParcel only when it is on the location's parcel, as locate.ts's query asks.
  const footprintParcel = new Int32Array(footprints.count).fill(-1);
  if (pv !== null && fv !== null)
    await copyRows(
      pool,
      `SELECT footprint_feature, parcel_feature FROM footprint_parcels
        WHERE footprints_vintage = '${fv}' AND parcels_vintage = '${pv}'`,
      2,
      ({ buf, at }) => {
        const f = buf.readInt32BE(at[0]);
        if (f >= 0 && f < footprints.count) footprintParcel[f] = buf.readInt32BE(at[1]);
      },
    );
  const footprintAt = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const f = footprintOf[i];
    const onParcel = f >= 0 && parcelOf[i] >= 0 && footprintParcel[f] === parcelOf[i];
    footprintAt[i] = onParcel ? f : -1;
  }
  const points = new KDBush(Math.max(1, count), 64, Float64Array);
  for (let i = 0; i < count; i++) points.add(lng[i], lat[i]);
  points.finish();
  const parcelTree = boxTree(parcels);
  const footprintTree = boxTree(footprints);
  const parcelLocations: Csr = buildCsr(parcelOf, parcels.count);
  const footprintLocations: Csr = buildCsr(footprintOf, footprints.count);
  const geometryBytes = (g: PackedGeometry) =>
    g.xy.byteLength + (g.partStart?.byteLength ?? 0) + g.vertexStart.byteLength;
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
    locationId: ids,
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
