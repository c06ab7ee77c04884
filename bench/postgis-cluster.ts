// The benchmark's PostGIS cluster: kept between runs in .data/ (as the demo fabric is), because
// importing a million locations takes minutes. Started on a free loopback port for the run and
// stopped after it; built (initdb, then the fabric exported and imported with `npm run import`'s
// own code) only when missing or holding another fabric. PostgreSQL refuses to run as root, so
// under root the cluster belongs to the `postgres` OS user and its commands run through runuser.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';
const DATABASE = 'explorer';

export interface BenchCluster {
  url: string;
  dir: string;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function asClusterUser(): { prefix: string[]; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid: id('-u'), gid: id('-g') };
}

function run(prefix: string[], command: string, args: string[]): void {
  const [cmd, ...rest] = [...prefix, command, ...args];
  const result = spawnSync(cmd, rest, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args[0] ?? ''} failed: ${result.stderr || result.error?.message}`,
    );
}

/**
 * The cluster in `dir` (created when missing), started. Settings for one machine shared with
 * the load generator: durability off (a lost cluster is rebuilt), 2 GB of shared buffers.
 */
export async function startBenchCluster(dir: string): Promise<BenchCluster> {
  if (!existsSync(`${BIN}/initdb`))
    throw new Error(`${BIN}/initdb is missing: run node scripts/ensure-postgres.mjs first`);
  const abs = resolve(dir);
  const user = asClusterUser();
  const prefix = user?.prefix ?? [];
  const data = join(abs, 'data');
  mkdirSync(abs, { recursive: true });
  if (user) chownSync(abs, user.uid, user.gid);
  if (!existsSync(join(data, 'PG_VERSION'))) {
    rmSync(data, { recursive: true, force: true });
    run(prefix, `${BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  }
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${abs}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_wal_size=4GB',
    '-c shared_buffers=2GB',
    '-c maintenance_work_mem=1GB',
  ].join(' ');
  run(prefix, `${BIN}/pg_ctl`, ['-D', data, '-l', join(abs, 'log'), '-o', options, '-w', 'start']);
  const stop = () => {
    const [cmd, ...args] = [...prefix, `${BIN}/pg_ctl`, '-D', data, '-m', 'fast', '-w', 'stop'];
    spawnSync(cmd, args);
  };
  process.once('exit', stop);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  try {
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        DATABASE,
      ]);
      if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end();
    }
  } catch (err) {
    stop();
    throw err;
  }
  return { url: `${base}/${DATABASE}`, dir: abs, stop };
}

/** What the cluster was loaded with, and what the load took: kept beside it. */
export interface ImportRecord {
  seed: number;
  locations: number;
  seconds: number;
  rows: number;
  databaseBytes: number;
  /** Fingerprint of the schema and importer that loaded it. */
  importer: string;
  at: string;
}

export function readImportRecord(dir: string): ImportRecord | null {
  const path = join(dir, 'import.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ImportRecord) : null;
}

export function writeImportRecord(dir: string, record: ImportRecord): void {
  writeFileSync(join(dir, 'import.json'), JSON.stringify(record, null, 2) + '\n');
}

/** Drops and recreates the database (another fabric was loaded, or a load did not finish). */
export async function resetDatabase(cluster: BenchCluster): Promise<void> {
  rmSync(join(cluster.dir, 'import.json'), { force: true });
  const admin = new pg.Client({ connectionString: cluster.url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}
