// point_blocks (schema.sql, ../point-blocks.ts) derived when an import finishes: for each fabric
// release its locations, for each parcel and footprint layer one point on each feature's
// surface, in spatial order, packed into blocks. A layer's blocks are rebuilt only when the
// files they come from changed (point_block_sources). Rows stream out through a temporary file
// and the blocks stream back in with COPY, so no layer is ever held in memory whole.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { h3IndexToSplitLong, latLngToCell } from 'h3-js';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pointOnSurface } from '../../service/store/rules/representative-point';
import { packedFromWkb } from '../../service/store/postgis/packed-wkb';
import {
  BLOCK_LAYER,
  BLOCK_POINTS,
  fieldColumns,
  packFields,
  packPoints,
  pointColumns,
  type FieldColumns,
} from '../point-blocks';
import { blockTuple, COPY_BINARY_HEADER, COPY_BINARY_TRAILER } from './copy-binary';

/** Changes when the packing does, so blocks of an older layout are rebuilt. */
const FORMAT = 'v1';

interface Wanted {
  layer: number;
  vintage: string;
  source: string;
}

async function digest(client: pg.Client, kinds: string[], vintage: string | null) {
  const { rows } = await client.query<{ d: string | null }>(
    `SELECT string_agg(kind || '/' || vintage || '/' || scope || '/' || sha256, ' '
                       ORDER BY kind, vintage, scope) AS d
       FROM import_files WHERE kind = ANY($1) AND ($2::text IS NULL OR vintage = $2)`,
    [kinds, vintage],
  );
  return `${FORMAT} ${rows[0].d ?? ''}`;
}

/** Every layer's blocks as the loaded files make them: locations of each release, each layer. */
async function wantedBlocks(client: pg.Client): Promise<Wanted[]> {
  const { rows: releases } = await client.query<{ vintage: string }>(
    'SELECT vintage FROM fabric_vintages ORDER BY vintage',
  );
  // Feature indexes rank location_ids over every release, and coverage fields come from the
  // fixed files: any of them changing changes every release's blocks.
  const fabric = await digest(client, ['locations', 'fixed'], null);
  const out: Wanted[] = releases.map((r) => ({ layer: 0, vintage: r.vintage, source: fabric }));
  for (const kind of ['parcels', 'footprints'] as const) {
    const { rows } = await client.query<{ v: string }>(
      `SELECT DISTINCT ${kind}_vintage AS v FROM fabric_layers WHERE ${kind}_vintage IS NOT NULL ORDER BY 1`,
    );
    for (const { v } of rows) {
      out.push({ layer: BLOCK_LAYER[kind], vintage: v, source: await digest(client, [kind], v) });
    }
  }
  return out;
}

/** A value of COPY's text format: \N is null, backslash escapes undone. */
function unescape(value: string): string {
  if (!value.includes('\\')) return value;
  const map: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
  return value.replace(/\\(.)/g, (_, c: string) => map[c] ?? c);
}

/** Codes of label text per field, loaded once per run and only ever added to. */
class Labels {
  private codes = new Map<string, Map<string, number>>();
  private added: [string, number, string][] = [];

  static async load(client: pg.Client): Promise<Labels> {
    const labels = new Labels();
    const { rows } = await client.query<{ field: string; code: number; label: string }>(
      'SELECT field, code, label FROM point_block_labels',
    );
    for (const r of rows) labels.field(r.field).set(r.label, r.code);
    return labels;
  }

  private field(name: string) {
    let m = this.codes.get(name);
    if (!m) this.codes.set(name, (m = new Map()));
    return m;
  }

  code(name: string, label: string): number {
    const m = this.field(name);
    let c = m.get(label);
    if (c === undefined) {
      c = m.size;
      if (c > 0xffff) throw new Error(`more than 65536 distinct values of ${name}`);
      m.set(label, c);
      this.added.push([name, c, label]);
    }
    return c;
  }

  async save(client: pg.Client): Promise<void> {
    for (const [field, code, label] of this.added.splice(0)) {
      await client.query(
        'INSERT INTO point_block_labels (field, code, label) VALUES ($1, $2, $3)',
        [field, code, label],
      );
    }
  }
}

/** Fills point k of the block's columns from one row; false when the row is skipped. */
type RowReader = (cells: string[], k: number) => boolean;

function locationReader(
  labels: Labels,
  fields: FieldColumns,
  points: ReturnType<typeof pointColumns>,
): RowReader {
  let last = { lng: NaN, lat: NaN, high: 0, low: 0 };
  return (c, k) => {
    const lng = Number(c[1]);
    const lat = Number(c[2]);
    points.feature[k] = Number(c[0]);
    points.x[k] = lng;
    points.y[k] = lat;
    // Units of one building share a point, and rows come in spatial order: one cell per point.
    if (lng !== last.lng || lat !== last.lat) {
      const [low, high] = h3IndexToSplitLong(latLngToCell(lat, lng, 8));
      last = { lng, lat, high, low };
    }
    fields.h3High[k] = last.high;
    fields.h3Low[k] = last.low;
    fields.unitCount[k] = Number(c[3]);
    fields.bslFlag[k] = Number(c[4]);
    fields.buildingType[k] = labels.code('building_type_code', unescape(c[5]));
    fields.landUse[k] = labels.code('land_use_code', unescape(c[6]));
    fields.state[k] = labels.code('state', unescape(c[7]));
    fields.county[k] = labels.code('county_geoid', unescape(c[8]));
    // A location no fixed file reports is unserved, with no provider.
    const num = (s: string) => (s === '\\N' ? 0 : Number(s));
    fields.servedStatus[k] = num(c[9]);
    fields.maxDown[k] = num(c[10]);
    fields.maxUp[k] = num(c[11]);
    fields.providers[k] = num(c[12]);
    fields.fiberProviders[k] = num(c[13]);
    return true;
  };
}

function polygonReader(points: ReturnType<typeof pointColumns>): RowReader {
  return (c, k) => {
    const [x, y] = pointOnSurface(packedFromWkb(Buffer.from(c[1], 'hex')), 0);
    points.feature[k] = Number(c[0]);
    points.x[k] = x;
    points.y[k] = y;
    return true;
  };
}

function sourceQuery(layer: number, vintage: string): string {
  const v = `'${vintage.replace(/'/g, "''")}'`;
  if (layer === BLOCK_LAYER.locations) {
    return `SELECT f.feature, l.longitude, l.latitude, l.unit_count, l.bsl_flag, l.building_type_code,
                   l.land_use_code, l.state, l.county_geoid, c.served_status, c.max_down_mbps,
                   c.max_up_mbps, c.provider_count, c.fiber_provider_count
              FROM locations l JOIN location_features f USING (location_id)
              LEFT JOIN location_coverage c ON c.vintage = l.vintage AND c.location_id = l.location_id
             WHERE l.vintage = ${v} ORDER BY l.geom, f.feature`;
  }
  const table = layer === BLOCK_LAYER.parcels ? 'parcels' : 'footprints';
  return `SELECT feature, encode(ST_AsBinary(geom), 'hex') FROM ${table}
           WHERE vintage = ${v} ORDER BY geom, feature`;
}

/** Rebuilds one layer's blocks; the number of points. */
async function rebuild(client: pg.Client, w: Wanted, labels: Labels, dir: string): Promise<number> {
  const rowsFile = join(dir, 'rows.tsv');
  await pipeline(
    client.query(copyTo(`COPY (${sourceQuery(w.layer, w.vintage)}) TO STDOUT`)),
    createWriteStream(rowsFile),
  );
  await client.query('DELETE FROM point_blocks WHERE layer = $1 AND vintage = $2', [
    w.layer,
    w.vintage,
  ]);
  const points = pointColumns(BLOCK_POINTS);
  const fields = w.layer === BLOCK_LAYER.locations ? fieldColumns(BLOCK_POINTS) : null;
  const read = fields ? locationReader(labels, fields, points) : polygonReader(points);
  let total = 0;
  async function* tuples() {
    yield COPY_BINARY_HEADER;
    let n = 0;
    let block = 0;
    const emit = () => {
      const tuple = blockTuple(
        w.layer,
        w.vintage,
        block,
        total - n,
        n,
        points,
        packPoints(points, n),
        fields && packFields(fields, n),
      );
      block++;
      n = 0;
      return tuple;
    };
    for await (const line of createInterface({
      input: createReadStream(rowsFile),
      crlfDelay: Infinity,
    })) {
      if (!read(line.split('\t'), n)) continue;
      n++;
      total++;
      if (n === BLOCK_POINTS) yield emit();
    }
    if (n > 0) yield emit();
    yield COPY_BINARY_TRAILER;
  }
  const sink = client.query(
    copyFrom(
      'COPY point_blocks (layer, vintage, block, first, n, west, south, east, north, points, fields) FROM STDIN (FORMAT binary)',
    ),
  );
  await pipeline(Readable.from(tuples()), sink);
  await client.query(
    `INSERT INTO point_block_sources (layer, vintage, source) VALUES ($1, $2, $3)
     ON CONFLICT (layer, vintage) DO UPDATE SET source = EXCLUDED.source`,
    [w.layer, w.vintage, w.source],
  );
  return total;
}

/** Brings point_blocks up to date with what is loaded; called inside the import's transaction. */
export async function derivePointBlocks(
  client: pg.Client,
  log: (m: string) => void,
): Promise<void> {
  const wanted = await wantedBlocks(client);
  const { rows: have } = await client.query<{ layer: number; vintage: string; source: string }>(
    'SELECT layer, vintage, source FROM point_block_sources',
  );
  const key = (r: { layer: number; vintage: string }) => `${r.layer}/${r.vintage}`;
  const wantedKeys = new Set(wanted.map(key));
  for (const h of have.filter((r) => !wantedKeys.has(key(r)))) {
    await client.query('DELETE FROM point_blocks WHERE layer = $1 AND vintage = $2', [
      h.layer,
      h.vintage,
    ]);
    await client.query('DELETE FROM point_block_sources WHERE layer = $1 AND vintage = $2', [
      h.layer,
      h.vintage,
    ]);
  }
  const built = new Map(have.map((r) => [key(r), r.source]));
  const stale = wanted.filter((w) => built.get(key(w)) !== w.source);
  if (stale.length === 0) return;
  const labels = await Labels.load(client);
  const dir = mkdtempSync(join(tmpdir(), 'explorer-blocks-'));
  try {
    for (const w of stale) {
      const began = performance.now();
      const n = await rebuild(client, w, labels, dir);
      const name = ['locations', 'parcels', 'footprints'][w.layer];
      log(
        `point blocks of ${name} ${w.vintage}: ${n} points in ${((performance.now() - began) / 1000).toFixed(1)} s`,
      );
    }
    await labels.save(client);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await client.query('ANALYZE point_blocks');
}
