// A geometry layer in any format GDAL reads (GeoPackage, GeoJSON, Shapefile, FlatGeobuf...)
// copied by ogr2ogr into a staging table, reprojected to WGS 84 and made multi-part: the
// importer checks and swaps it in from there. No hand-written reader of any format.
import { spawn } from 'node:child_process';
import type { LayerKind } from '../layouts';
import { FileRefused } from './read-csv';

/** libpq key=value settings for GDAL's PG driver, and the password kept for the environment. */
function pgConnection(url: string): { conninfo: string; password: string } {
  const u = new URL(url);
  const parts: Record<string, string> = {
    dbname: decodeURIComponent(u.pathname.slice(1)),
    host: u.searchParams.get('host') ?? u.hostname,
    port: u.port || '5432',
    user: decodeURIComponent(u.username),
  };
  const conninfo = Object.entries(parts)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}='${v.replace(/'/g, "\\'")}'`)
    .join(' ');
  return { conninfo, password: decodeURIComponent(u.password) };
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Text a GDAL tool printed, kept to its last MAX_OUTPUT characters (an error's tail says why). */
const MAX_OUTPUT = 1 << 20;

/**
 * Runs a GDAL tool without blocking: the other loading queue (the CSV files) goes on meanwhile.
 */
function ogr(command: string, args: string[], password: string): Promise<Run> {
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = { stdout: '', stderr: '' };
    for (const key of ['stdout', 'stderr'] as const) {
      child[key].setEncoding('utf8').on('data', (text: string) => {
        out[key] = (out[key] + text).slice(-MAX_OUTPUT);
      });
    }
    child.on('error', (err) =>
      reject(
        new Error(
          `${command} could not start (${err.message}): run node scripts/ensure-postgres.mjs to install gdal-bin`,
        ),
      ),
    );
    child.on('close', (status) => resolve({ status, ...out }));
  });
}

/** The layer to read: the only one, or the one named after the kind. */
async function pickLayer(path: string, kind: LayerKind, name: string): Promise<string> {
  const run = await ogr('ogrinfo', ['-ro', '-q', path], '');
  if (run.status !== 0) throw new FileRefused(`${name}: GDAL cannot read it: ${run.stderr.trim()}`);
  const layers = [...run.stdout.matchAll(/^\d+: (.+?)(?: \([^)]*\))?$/gm)].map((m) => m[1]);
  if (layers.length === 1) return layers[0];
  if (layers.includes(kind)) return kind;
  throw new FileRefused(
    `${name} holds ${layers.length} layers (${layers.join(', ')}); expected one, or one named ${kind}`,
  );
}

export async function stageLayer(
  url: string,
  kind: LayerKind,
  path: string,
  name: string,
  table: string,
) {
  // A GeoJSON file is one layer, and listing it would read the whole file once more.
  const geojson = /\.(geo)?json$/i.test(path);
  const layer = geojson ? [] : [await pickLayer(path, kind, name)];
  const { conninfo, password } = pgConnection(url);
  // prettier-ignore
  const args = [
    '-f', 'PostgreSQL', `PG:${conninfo}`, path, ...layer,
    '-nln', table, '-t_srs', 'EPSG:4326', '-dim', 'XY',
    '-nlt', kind === 'roads' ? 'MULTILINESTRING' : 'MULTIPOLYGON',
    '-lco', 'GEOMETRY_NAME=geom', '-lco', 'FID=ogc_fid', '-lco', 'SPATIAL_INDEX=NONE',
    '-lco', 'UNLOGGED=ON', '-lco', 'PRECISION=NO', '-lco', 'LAUNDER=NO',
    '--config', 'PG_USE_COPY', 'YES',
  ];
  const run = await ogr('ogr2ogr', args, password);
  if (run.status !== 0) {
    const what = geojson ? 'GDAL cannot read it' : 'ogr2ogr could not read the layer';
    throw new FileRefused(`${name}: ${what}: ${run.stderr.trim()}`);
  }
}
