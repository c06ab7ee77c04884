// The benchmark's fabric in PostGIS: the same demo fabric the memory store serves (its newest
// `releases`, all by default), exported in the published layouts and imported into the bench
// cluster (bench/postgis-cluster.ts), once;
// later runs reuse it and report the import figures recorded when it was loaded, unless the
// schema or the importer changed since (their fingerprint is recorded with the import).
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runImport } from '../server/postgis/import/run-import';
import type { Fabric } from '../server/service/store/fabric';
import { exportReleases } from './export-releases';
import {
  readImportRecord,
  resetDatabase,
  startBenchCluster,
  writeImportRecord,
  type BenchCluster,
  type ImportRecord,
} from './postgis-cluster';

export interface PostgisFabric {
  cluster: BenchCluster;
  record: ImportRecord;
  /** Loaded by this run (else by an earlier one, at record.at). */
  fresh: boolean;
  /** pg_database_size now (after the run's queries, the same as after the import). */
  databaseBytes: number;
}

/** A hash of the schema and importer sources (server/postgis/, tests left out). */
export function importerFingerprint(): string {
  const hash = createHash('sha256');
  const files = readdirSync('server/postgis', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|sql)$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  for (const f of files) hash.update(f).update(readFileSync(join('server/postgis', f)));
  return hash.digest('hex').slice(0, 16);
}

export async function databaseBytes(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT pg_database_size(current_database()) AS n',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

export async function postgisFabric(
  fabric: Fabric,
  locations: number,
  releases: number,
  log: (line: string) => void,
): Promise<PostgisFabric> {
  const some = releases < fabric.vintages.length ? `-newest${releases}` : '';
  const dir = join('.data', `bench-postgis-${fabric.seed}-${locations}${some}`);
  const cluster = await startBenchCluster(dir);
  try {
    const known = readImportRecord(cluster.dir);
    const importer = importerFingerprint();
    const same = known?.seed === fabric.seed && known.locations === locations;
    if (known && same && known.importer === importer) {
      log(`  reusing the import of ${known.at} in ${dir}`);
      return {
        cluster,
        record: known,
        fresh: false,
        databaseBytes: await databaseBytes(cluster.url),
      };
    }
    if (known)
      log(`  ${same ? 'the importer changed since' : 'another fabric in'} ${dir}: loading again`);
    await resetDatabase(cluster);
    const files = mkdtempSync(join(tmpdir(), 'explorer-bench-export-'));
    try {
      let started = performance.now();
      const exported = await exportReleases(fabric, files, releases);
      log(`  exported in ${Math.round((performance.now() - started) / 1000)} s; importing`);
      started = performance.now();
      const report = await runImport({
        url: cluster.url,
        files: exported,
        uuidSeed: fabric.seed,
        rejectsPath: null,
        log: (m) => log(`  import: ${m}`),
      });
      if (report.rejected > 0) throw new Error(`the import rejected ${report.rejected} rows`);
      const record: ImportRecord = {
        seed: fabric.seed,
        locations,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        rows: report.outcomes.reduce((n, o) => n + o.rows, 0),
        databaseBytes: report.databaseBytes,
        importer,
        at: new Date().toISOString(),
      };
      writeImportRecord(cluster.dir, record);
      return { cluster, record, fresh: true, databaseBytes: report.databaseBytes };
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
  } catch (err) {
    cluster.stop();
    throw err;
  }
}
