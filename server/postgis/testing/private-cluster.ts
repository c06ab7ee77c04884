// A private PostgreSQL 15 + PostGIS cluster for one test file: a copy of a template cluster in a
// temporary folder, started on a free 127.0.0.1 port with its socket in that folder, stopped and
// removed by the test that started it. Nothing depends on a server left running. The template
// (initdb, and a database with PostGIS each new database is copied from) is made once for the
// installed PostgreSQL and kept in the temporary folder for the next: initdb and CREATE
// EXTENSION postgis cost about 1.2 and 0.9 CPU s, a copy of the folder 0.2. PostgreSQL refuses
// to run as root, so under root the cluster belongs to the `postgres` OS user (Debian's package
// creates it) and its commands run through runuser.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';

export interface PrivateCluster {
  /** postgres://postgres@127.0.0.1:PORT/DB, with PostGIS created in DB. */
  url: string;
  port: number;
  /** Milliseconds from the template's copy to a database with PostGIS, for the record. */
  startMs: number;
  /** A fresh database (PostGIS created) in the same cluster: one per test that needs a clean one. */
  createDatabase(name: string): Promise<string>;
  /**
   * Shuts the server down, keeping its data: a database gone down. `fast` ends each session with
   * 57P01 (an administrator's restart), `immediate` drops them (a crash).
   */
  halt(mode?: 'fast' | 'immediate'): void;
  /** Starts a halted server again on the same port. */
  resume(): void;
  /** SIGSTOP to the server and every backend: a stalled host that accepts but never answers. */
  freeze(): void;
  /** SIGCONT to the processes frozen. */
  thaw(): void;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The OS user the cluster runs as: ourselves, or `postgres` when we are root. */
function clusterUser(): { prefix: string[]; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { prefix: ['runuser', '-u', 'postgres', '--'], uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      'running as root needs an OS user "postgres" to own the test cluster (Debian\'s postgresql-15 package creates it)',
    );
  }
}

/** The postmaster (first line of postmaster.pid) and its children: this cluster's processes only. */
function clusterPids(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], {
    encoding: 'utf8',
  });
  return [postmaster, ...children.stdout.split(/\s+/).filter(Boolean).map(Number)];
}

function run(prefix: string[], command: string, args: string[]): void {
  const [cmd, ...rest] = [...prefix, command, ...args];
  const result = spawnSync(cmd, rest, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr}`,
    );
  }
}

/** The database every new one is copied from: PostGIS created in it. */
const TEMPLATE_DB = 'template_postgis';

/** Durability is worthless for a throwaway cluster: no fsync makes loading several times faster. */
function serverOptions(port: number, dir: string): string {
  return [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_wal_size=2GB',
    '-c shared_buffers=512MB',
  ].join(' ');
}

/** A folder of our own, owned by the cluster's OS user. */
function clusterFolder(user: ReturnType<typeof clusterUser>): string {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-pg-'));
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  return dir;
}

async function query(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Bumped when what the template holds changes, so an older one is not used. */
const TEMPLATE_FORMAT = 1;

/** The installed PostgreSQL and PostGIS, and who runs them: a template made for others differs. */
function templateKey(user: ReturnType<typeof clusterUser>): string {
  const server = execFileSync(`${BIN}/postgres`, ['--version']).toString().trim();
  const control = '/usr/share/postgresql/15/extension/postgis.control';
  const postgis = existsSync(control) ? readFileSync(control, 'utf8') : 'no postgis.control';
  const owner = user ? `uid ${user.uid}` : `uid ${process.getuid?.()}`;
  return createHash('sha256')
    .update(`${TEMPLATE_FORMAT}\n${server}\n${postgis}\n${owner}`)
    .digest('hex')
    .slice(0, 16);
}

let template: Promise<string> | null = null;

/**
 * A stopped cluster's data folder holding TEMPLATE_DB, shared by every process and run on this
 * machine (a cache, like a build's: made once for the installed PostgreSQL and PostGIS). It is
 * made in a folder of its own and renamed into place whole, so a process finds it complete or
 * not at all; two processes making it at once keep the first.
 */
function templateData(user: ReturnType<typeof clusterUser>): Promise<string> {
  template ??= (async () => {
    const ready = join(tmpdir(), `explorer-pg-template-${templateKey(user)}`);
    if (existsSync(join(ready, 'PG_VERSION'))) return ready;
    const prefix = user?.prefix ?? [];
    const dir = clusterFolder(user);
    try {
      const data = join(dir, 'data');
      run(prefix, `${BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
      const port = await freePort();
      const ctl = (args: string[]) => run(prefix, `${BIN}/pg_ctl`, ['-D', data, ...args]);
      ctl(['-l', join(dir, 'log'), '-o', serverOptions(port, dir), '-w', 'start']);
      try {
        const base = `postgres://postgres@127.0.0.1:${port}`;
        await query(`${base}/postgres`, `CREATE DATABASE ${TEMPLATE_DB} IS_TEMPLATE true`);
        await query(`${base}/${TEMPLATE_DB}`, 'CREATE EXTENSION postgis');
      } finally {
        ctl(['-m', 'fast', '-w', 'stop']);
      }
      try {
        renameSync(data, ready);
      } catch (error) {
        // Another process put its template there first: use that one.
        if (!existsSync(join(ready, 'PG_VERSION'))) throw error;
      }
      return ready;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  // A failure is not kept: the next cluster tries again and says why.
  template.catch(() => (template = null));
  return template;
}

export async function startPrivateCluster(database = 'explorer'): Promise<PrivateCluster> {
  if (!existsSync(`${BIN}/initdb`)) {
    throw new Error(
      `${BIN}/initdb is missing: run node scripts/ensure-postgres.mjs (npm test does) to install PostgreSQL 15 and PostGIS`,
    );
  }
  const user = clusterUser();
  const source = await templateData(user);
  const began = performance.now();
  const dir = clusterFolder(user);
  const prefix = user?.prefix ?? [];
  const data = join(dir, 'data');
  let started = false;
  let frozen: number[] = [];
  const signal = (pids: number[], sig: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        // A backend that ended meanwhile.
      }
    }
  };
  const stop = () => {
    // Test files share a process (isolate: false): a cluster stopped needs no hook any more.
    process.off('exit', stop);
    signal(frozen, 'SIGCONT');
    frozen = [];
    if (started) {
      const [cmd, ...args] = [...prefix, `${BIN}/pg_ctl`, '-D', data, '-m', 'immediate', 'stop'];
      spawnSync(cmd, [...args, '-w']);
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test process that dies before its afterAll still takes the cluster down with it.
  process.once('exit', stop);
  try {
    run(prefix, 'cp', ['-a', source, data]);
    const port = await freePort();
    const options = serverOptions(port, dir);
    const start = () => {
      run(prefix, `${BIN}/pg_ctl`, [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-o',
        options,
        '-w',
        'start',
      ]);
      started = true;
    };
    start();
    const base = `postgres://postgres@127.0.0.1:${port}`;
    const createDatabase = async (name: string) => {
      await query(
        `${base}/postgres`,
        `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${TEMPLATE_DB}`,
      );
      return `${base}/${name}`;
    };
    const url = await createDatabase(database);
    const halt = (mode: 'fast' | 'immediate' = 'fast') => {
      run(prefix, `${BIN}/pg_ctl`, ['-D', data, '-m', mode, '-w', 'stop']);
      started = false;
    };
    const freeze = () => {
      frozen = clusterPids(data);
      signal(frozen, 'SIGSTOP');
    };
    const thaw = () => {
      signal(frozen, 'SIGCONT');
      frozen = [];
    };
    return {
      url,
      port,
      startMs: performance.now() - began,
      createDatabase,
      halt,
      resume: start,
      freeze,
      thaw,
      stop,
    };
  } catch (err) {
    stop();
    throw err;
  }
}
