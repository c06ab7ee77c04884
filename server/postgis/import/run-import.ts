// An import run: files in dependency order (a release's fabric before the coverage that names
// its locations), each loaded or skipped as the ledger says, then the run's finish. A refused
// file stops the run; what was loaded before it stays and is skipped when the run is repeated.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type pg from 'pg';
import { DEMO_VINTAGES } from '../../demo/vintages';
import type { Manifest, ManifestKind } from '../../demo/export/export-demo';
import { applySchema, connectClient } from '../connection';
import { CSV_KINDS } from './csv-kinds';
import { DATA_TABLES, finishImport, type Touched } from './finish-import';
import type { LoadContext, LoadOutcome } from './ledger';
import { loadCsvFile } from './load-csv-file';
import { loadLayerFile } from './load-layer-file';
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
const TABLE: Record<ManifestKind, (typeof DATA_TABLES)[number]> = {
  locations: 'locations',
  retirements: 'retirements',
  fixed: 'fixed_availability',
  mobile: 'mobile_coverage',
  parcels: 'parcels',
  footprints: 'footprints',
  roads: 'roads',
};

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

export async function runImport(opts: ImportOptions): Promise<ImportReport> {
  const log = opts.log ?? (() => {});
  const known = DEMO_VINTAGES.map((v) => v.vintage);
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
    const { rows: lock } = await client.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_lock(7262) AS ok',
    );
    if (!lock[0].ok)
      throw new Error('another import is running against this database; wait for it to finish');
    await applySchema(client);
    await settleUuidSeed(client, opts.uuidSeed);
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
    const outcomes: ImportReport['outcomes'] = [];
    const touched: Touched = new Map();
    for (const f of files) {
      const outcome =
        f.kind in CSV_KINDS
          ? await loadCsvFile(ctx, CSV_KINDS[f.kind as keyof typeof CSV_KINDS], f.vintage, f.path)
          : await loadLayerFile(ctx, opts.url, f.kind as 'parcels', f.vintage, f.path);
      if (outcome.status === 'skipped') log(`skipped ${outcome.name}: already loaded`);
      else {
        const set = touched.get(TABLE[f.kind]) ?? new Set<string>();
        touched.set(TABLE[f.kind], set.add(f.vintage));
      }
      outcomes.push({ ...outcome, kind: f.kind, vintage: f.vintage });
    }
    await finishImport(client, touched, log);
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
