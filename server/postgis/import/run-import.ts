// An import run: files in dependency order (a release's fabric before the coverage that names
// its locations), each loaded or skipped as the ledger says, then the run's finish. A refused
// file stops the run; what was loaded before it stays and is skipped when the run is repeated.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { DEMO_VINTAGES } from '../../demo/vintages';
import type { Manifest, ManifestKind } from '../../demo/export/export-demo';
import type { FabricVintage } from '../../service/store/fabric';
import { applySchema, connectClient } from '../connection';
import { crashPoint } from './crash-points';
import { CSV_KINDS } from './csv-kinds';
import { finishImport } from './finish-import';
import type { LoadContext, LoadOutcome } from './ledger';
import { loadCsvFile } from './load-csv-file';
import { loadLayerFile } from './load-layer-file';
import { besideBar } from './progress';
import { RejectLog, type Rejection } from './reject-log';

export interface ImportFile {
  kind: ManifestKind;
  vintage: string;
  path: string;
}

export interface ImportOptions {
  url: string;
  files: ImportFile[];
  /** Keys the uuids; fixed by the first import of a database. */
  uuidSeed?: number;
  /** The fabric releases files may be of: the demo's unless given (a synced workspace's). */
  releases?: readonly FabricVintage[];
  maxRejectShare?: number;
  rejectsPath?: string | null;
  progress?: NodeJS.WriteStream | null;
  log?: (m: string) => void;
}

export interface ImportReport {
  outcomes: (LoadOutcome & { kind: ManifestKind; vintage: string })[];
  rejected: number;
  samples: Rejection[];
  databaseBytes: number;
  seconds: number;
}

const KIND_ORDER: ManifestKind[] = [
  'locations',
  'retirements',
  'fixed',
  'mobile',
  'parcels',
  'footprints',
  'roads',
];
export async function readManifest(path: string): Promise<{ seed: number; files: ImportFile[] }> {
  const manifest = JSON.parse(await readFile(path, 'utf8')) as Manifest;
  const base = dirname(resolve(path));
  return {
    seed: manifest.seed,
    files: manifest.files.map((f) => ({
      kind: f.kind,
      vintage: f.vintage,
      path: resolve(base, f.path),
    })),
  };
}

async function settleUuidSeed(client: pg.Client, wanted: number | undefined): Promise<void> {
  const { rows } = await client.query<{ value: string }>(
    `SELECT value FROM dataset_settings WHERE key = 'uuid_seed'`,
  );
  if (rows.length && wanted !== undefined && Number(rows[0].value) !== wanted) {
    throw new Error(
      `this database keys its uuids with seed ${rows[0].value}; importing with --uuid-seed ${wanted} would change every uuid`,
    );
  }
  if (rows.length) return;
  const seed = wanted ?? Math.floor(Math.random() * 2 ** 31);
  await client.query(`INSERT INTO dataset_settings (key, value) VALUES ('uuid_seed', $1)`, [
    String(seed),
  ]);
}

/** Layer staging tables a killed run left behind (called under the import lock). */
async function dropStaleStages(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class
      WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname LIKE 'import\\_stage\\_%'`,
  );
  for (const { name } of rows)
    await client.query(`DROP TABLE IF EXISTS ${pg.escapeIdentifier(name)}`);
}

/**
 * A killed importer's server session notices within a second and rolls back, instead of
 * finishing a long statement and holding the import lock meanwhile (PostgreSQL 14 and up).
 */
async function checkConnectionEachSecond(client: pg.Client): Promise<void> {
  await client.query(
    `SELECT set_config('client_connection_check_interval', '1s', false)
      WHERE current_setting('server_version_num')::int >= 140000`,
  );
}

/**
 * The files, in `files`' order within each of two queues run side by side on two connections:
 * the CSV files (parsed here, then COPY) and the geometry layers (ogr2ogr, then checked in the
 * database), which name nothing of each other. Each file loads in its own transaction, as it
 * would alone. A refused file stops both queues after the file each is loading; the first
 * refusal is thrown once both have stopped. Outcomes come in `files`' order.
 */
async function loadFiles(
  ctx: LoadContext,
  url: string,
  files: ImportFile[],
  log: (m: string) => void,
): Promise<ImportReport['outcomes']> {
  const outcomes = new Map<ImportFile, ImportReport['outcomes'][number]>();
  let stopped = false;
  const queue = async (list: ImportFile[], c: LoadContext) => {
    for (const f of list) {
      if (stopped) return;
      try {
        const outcome =
          f.kind in CSV_KINDS
            ? await loadCsvFile(c, CSV_KINDS[f.kind as keyof typeof CSV_KINDS], f.vintage, f.path)
            : await loadLayerFile(c, url, f.kind as 'parcels', f.vintage, f.path);
        if (outcome.status === 'skipped') log(`skipped ${outcome.name}: already loaded`);
        outcomes.set(f, { ...outcome, kind: f.kind, vintage: f.vintage });
      } catch (err) {
        stopped = true;
        throw err;
      }
      crashPoint('file');
    }
  };
  const layers = files.filter((f) => !(f.kind in CSV_KINDS));
  const layerClient = layers.length ? await connectClient(url) : null;
  try {
    if (layerClient) await checkConnectionEachSecond(layerClient);
    const results = await Promise.allSettled([
      queue(
        files.filter((f) => f.kind in CSV_KINDS),
        ctx,
      ),
      layerClient
        ? queue(layers, { ...ctx, client: layerClient, progress: besideBar(ctx.progress) })
        : Promise.resolve(),
    ]);
    for (const r of results) if (r.status === 'rejected') throw r.reason;
  } finally {
    await layerClient?.end();
  }
  return files.flatMap((f) => outcomes.get(f) ?? []);
}

export async function runImport(opts: ImportOptions): Promise<ImportReport> {
  const log = opts.log ?? (() => {});
  const releases = opts.releases ?? DEMO_VINTAGES;
  const known = releases.map((v) => v.vintage);
  for (const f of opts.files) {
    if (!known.includes(f.vintage)) {
      throw new Error(
        `${f.vintage} is not a fabric release this service knows (${known.join(', ')})`,
      );
    }
  }
  const began = performance.now();
  const client = await connectClient(opts.url);
  const rejects = new RejectLog(opts.rejectsPath ?? null);
  try {
    await checkConnectionEachSecond(client);
    const { rows: lock } = await client.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_lock(7262) AS ok',
    );
    if (!lock[0].ok) {
      throw new Error(
        'another import is running against this database (or the last statement of one that was stopped is still ending); wait for it to finish, then run again',
      );
    }
    await dropStaleStages(client);
    await applySchema(client);
    await settleUuidSeed(client, opts.uuidSeed);
    crashPoint('schema');
    const ctx: LoadContext = {
      client,
      rejects,
      maxRejectShare: opts.maxRejectShare ?? 0.001,
      progress: opts.progress === undefined ? process.stderr : opts.progress,
    };
    const files = [...opts.files].sort(
      (a, b) =>
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
        a.vintage.localeCompare(b.vintage),
    );
    const outcomes = await loadFiles(ctx, opts.url, files, log);
    await finishImport(client, log, releases);
    await dropStaleStages(client);
    const { rows } = await client.query<{ bytes: string }>(
      'SELECT pg_database_size(current_database()) AS bytes',
    );
    return {
      outcomes,
      rejected: rejects.count,
      samples: rejects.samples,
      databaseBytes: Number(rows[0].bytes),
      seconds: (performance.now() - began) / 1000,
    };
  } finally {
    await rejects.close();
    await client.end();
  }
}
