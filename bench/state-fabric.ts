// The benchmark's synthetic state in PostGIS (`npm run bench -- --store postgis --state 17`):
// the state written in the published layouts by `npm run demo -- --export DIR --state …` into
// .data/, once, then loaded by `npm run import` into a bench cluster of its own (kept in .data/
// as the county's is), once. Both run as child processes, exactly as an operator runs them, so
// the importer's peak RSS is its own. A 10M state takes about 12 minutes to write and 40 to
// import on 2 cores, so a cluster loaded by an earlier importer is reused and said to be
// (`--reimport` loads it again).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { integerOption, refuseCommandLine, type Command } from '../server/config/command-line';
import { STATE_POSTAL } from '../server/demo/county';
import { MAX_STATE_LOCATIONS } from '../server/demo/export/export-state';
import { databaseBytes, importerFingerprint } from './postgis-fabric';
import {
  readImportRecord,
  resetDatabase,
  startBenchCluster,
  writeImportRecord,
  type BenchCluster,
  type ImportRecord,
} from './postgis-cluster';

export interface StateOptions {
  states: string[];
  locations: number;
  seed: number;
  /** The one release written and imported (the newest by default). */
  release: string;
  reimport: boolean;
  log: (line: string) => void;
}

export interface StateImportRecord extends ImportRecord {
  states: string[];
  release: string;
  /** The importer's own peak RSS, as it printed it. */
  peakRssMb: number;
  /** The import was resumed after a stop: `seconds` are the last run's alone. */
  resumed: boolean;
  /** What the importer logged of its phases (one line each). */
  phases: string[];
}

export interface StateFabric {
  cluster: BenchCluster;
  record: StateImportRecord;
  fresh: boolean;
  /** The record was written by another version of the importer than this one. */
  otherImporter: boolean;
  databaseBytes: number;
}

/**
 * `--state FIPS[,FIPS...]` and its `--locations N` (default 10M) read for a benchmark command,
 * checked as `npm run demo` checks them; a bad one refused with the rule it breaks.
 */
export function stateCommandLine(
  command: Command,
  state: string,
  locations: string | undefined,
): { states: string[]; locations: number } {
  const states = state.split(',').map((s) => s.trim());
  for (const s of states)
    if (!/^\d{2}$/.test(s) || !STATE_POSTAL[s])
      refuseCommandLine(
        command,
        `--state takes 2-digit state FIPS codes (17 for Illinois), got "${s.slice(0, 40)}"`,
      );
  if (new Set(states).size !== states.length)
    refuseCommandLine(command, '--state names a state twice');
  const n = integerOption(command, 'locations', locations, 10_000_000, 1);
  if (n > MAX_STATE_LOCATIONS)
    refuseCommandLine(
      command,
      `--locations with --state takes at most ${MAX_STATE_LOCATIONS} (got "${locations}")`,
    );
  return { states, locations: n };
}

/** Runs `npx tsx script args` in the foreground, its lines passed on; resolves with them. */
function runChild(args: string[], env: NodeJS.ProcessEnv, onLine: (l: string) => void) {
  return new Promise<string[]>((ok, fail) => {
    const child = spawn('npx', ['tsx', ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: string[] = [];
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      for (const l of parts) {
        lines.push(l);
        onLine(l);
      }
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? ok(lines) : fail(new Error(`${args[0]} exited with ${code}`)),
    );
  });
}

/** Files the database's import ledger holds (0 for an empty database). */
async function loadedFiles(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: table } = await client.query<{ t: string | null }>(
      `SELECT to_regclass('import_files')::text AS t`,
    );
    if (!table[0]!.t) return 0;
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM import_files',
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

export async function stateFabric(opts: StateOptions): Promise<StateFabric> {
  const { states, locations, seed, release, log } = opts;
  const name = `${states.join('-')}-${locations}-${seed}-${release}`;
  const files = join('.data', `bench-state-${name}`);
  const manifest = join(files, 'manifest.json');
  // The manifest is written last: without it the export did not finish.
  if (!existsSync(manifest)) {
    log(`  writing the state into ${files}`);
    const args = ['--export', files, '--state', states.join(','), '--locations', String(locations)];
    await runChild(
      ['server/demo/export/main.ts', ...args, '--seed', String(seed), '--release', release],
      process.env,
      (l) => log(`  ${l}`),
    );
  }
  const cluster = await startBenchCluster(join('.data', `bench-postgis-state-${name}`));
  try {
    const known = readImportRecord(cluster.dir) as StateImportRecord | null;
    const importer = importerFingerprint();
    if (known && !opts.reimport) {
      const otherImporter = known.importer !== importer;
      log(
        `  reusing the import of ${known.at} in ${cluster.dir}` +
          (otherImporter ? ' (by an earlier importer; --reimport loads it again)' : ''),
      );
      const bytes = await databaseBytes(cluster.url);
      return { cluster, record: known, fresh: false, otherImporter, databaseBytes: bytes };
    }
    // An import stopped part way (no record yet) resumes: the importer skips what it loaded.
    const resumed = !known && !opts.reimport && (await loadedFiles(cluster.url)) > 0;
    if (resumed) log('  resuming the import stopped part way (the files it loaded are skipped)');
    else await resetDatabase(cluster);
    const started = performance.now();
    const lines = await runChild(
      ['server/postgis/import/main.ts', '--manifest', manifest, '--quiet'],
      { ...process.env, DATABASE_URL: cluster.url },
      (l) => log(`  ${l}`),
    );
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const last = lines.findLast((l) => /files loaded/.test(l)) ?? '';
    const rows = Number(/\(([\d,]+) rows\)/.exec(last)?.[1]?.replaceAll(',', '') ?? NaN);
    const peak = Number(/peak RSS (\d+) MB/.exec(last)?.[1] ?? NaN);
    if (!Number.isFinite(rows) || !Number.isFinite(peak))
      throw new Error(`the importer's last line was not its summary: "${last}"`);
    const record: StateImportRecord = {
      seed,
      locations,
      states,
      release,
      seconds,
      rows,
      databaseBytes: await databaseBytes(cluster.url),
      importer,
      at: new Date().toISOString(),
      peakRssMb: peak,
      resumed,
      phases: lines.filter((l) => / in [\d.]+ s/.test(l)),
    };
    writeImportRecord(cluster.dir, record);
    return {
      cluster,
      record,
      fresh: true,
      otherImporter: false,
      databaseBytes: record.databaseBytes,
    };
  } catch (err) {
    cluster.stop();
    throw err;
  }
}
