// What crash-recovery.test.ts needs around a real `npm run import`: the demo fabric written as
// manifests (every release, the first four, the last), the importer run as a child process
// (stopped at a crash point, killed after a delay, or run to its end), a database read back
// whole as sorted row texts, and the service's answers over a database through a real port.
import { spawn, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { ManifestFile, Manifest } from '../../demo/export/export-demo';

/** Keeps the first `lines` rows of each mobile file: coverage of the whole county per release
 * is a hundred thousand rows, which the crash cases do not need. */
export async function trimMobileFiles(dir: string, manifest: Manifest, lines: number) {
  for (const f of manifest.files.filter((m) => m.kind === 'mobile')) {
    const path = join(dir, f.path);
    const text = await readFile(path, 'utf8');
    await writeFile(
      path,
      text
        .split('\n')
        .slice(0, lines + 1)
        .join('\n') + '\n',
    );
  }
}

/** The h3_res9_id of the first `n` rows of the release's mobile file. */
export async function mobileCells(dir: string, manifest: Manifest, vintage: string, n: number) {
  const f = manifest.files.find((m) => m.kind === 'mobile' && m.vintage === vintage)!;
  const rows = (await readFile(join(dir, f.path), 'utf8')).split('\n').slice(1, n + 1);
  return rows.map((r) => r.split(',')[3]);
}

/** A manifest of the files `keep` picks, written beside the export; its path. */
export async function writeManifest(
  dir: string,
  manifest: Manifest,
  name: string,
  keep: (f: ManifestFile) => boolean,
): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify({ ...manifest, files: manifest.files.filter(keep) }));
  return path;
}

export interface ImportRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function importArgs(manifest: string, rejects: string) {
  return [
    '--import',
    'tsx',
    'server/postgis/import/main.ts',
    '--manifest',
    manifest,
    '--quiet',
    '--rejects',
    rejects,
  ];
}

export interface ImportCli {
  /** Runs the importer to its end, or to the crash point `crashAt` names. */
  run(url: string, manifest: string, crashAt?: string): ImportRun;
  /** Starts the importer and kills it with SIGKILL after `ms` milliseconds (unless done). */
  killAfter(url: string, manifest: string, ms: number): Promise<ImportRun>;
}

/** The importer as a user runs it, its temporary files in `scratch`. */
export function importCli(scratch: string): ImportCli {
  const env = (url: string, crashAt?: string) => {
    const { IMPORT_CRASH_AT: _unset, ...base } = process.env;
    return {
      ...base,
      DATABASE_URL: url,
      TMPDIR: scratch,
      ...(crashAt ? { IMPORT_CRASH_AT: crashAt } : {}),
    };
  };
  const rejects = join(scratch, 'rejects.csv');
  return {
    run(url, manifest, crashAt) {
      const r = spawnSync(process.execPath, importArgs(manifest, rejects), {
        env: env(url, crashAt),
        encoding: 'utf8',
        timeout: 180_000,
      });
      return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
    },
    killAfter(url, manifest, ms) {
      const child = spawn(process.execPath, importArgs(manifest, rejects), { env: env(url) });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      return new Promise((resolve) =>
        child.on('close', (status, signal) => {
          clearTimeout(timer);
          resolve({ status, signal, stdout, stderr });
        }),
      );
    },
  };
}

// Not the same from one run to the next by design: which row of the ledger, when, how long.
const RUN_COLUMNS = ['file_id', 'loaded_at', 'seconds'];

/**
 * The whole database as text: per table (partitions and derived tables alike) its rows sorted,
 * and a `catalog` entry with every table, the parent it is attached to, and its indexes.
 */
export async function databaseState(url: string): Promise<Map<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const state = new Map<string, string[]>();
    const { rows: catalog } = await client.query<{ line: string }>(
      `SELECT c.relname || ' ' || c.relkind::text || coalesce(' in ' || p.relname, '') AS line
         FROM pg_class c
         LEFT JOIN pg_inherits i ON i.inhrelid = c.oid LEFT JOIN pg_class p ON p.oid = i.inhparent
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'i', 'I')`,
    );
    state.set('catalog', catalog.map((r) => r.line).sort());
    const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
      `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
          AND c.relname <> 'spatial_ref_sys' AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attname <> ALL ($1)
        GROUP BY c.relname`,
      [RUN_COLUMNS],
    );
    for (const { name, columns } of tables) {
      const cols = columns.map((c) => pg.escapeIdentifier(c)).join(', ');
      const { rows } = await client.query<{ r: string }>(
        `SELECT ROW(${cols})::text AS r FROM ${pg.escapeIdentifier(name)}`,
      );
      state.set(
        name,
        rows.map((x) => x.r),
      );
    }
    for (const rows of state.values()) rows.sort();
    return state;
  } finally {
    await client.end();
  }
}

/** How `got` differs from `want`, table by table: rows missing and rows extra, a few shown. */
export function stateDifferences(got: Map<string, string[]>, want: Map<string, string[]>) {
  const out: string[] = [];
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…` : s);
  for (const table of new Set([...want.keys(), ...got.keys()])) {
    const g = got.get(table) ?? [];
    const w = want.get(table) ?? [];
    if (g.length === w.length && g.every((r, i) => r === w[i])) continue;
    const gs = new Set(g);
    const ws = new Set(w);
    const missing = w.filter((r) => !gs.has(r));
    const extra = g.filter((r) => !ws.has(r));
    out.push(
      `${table}: ${g.length} rows for ${w.length}; missing ${missing.length} (${missing.slice(0, 2).map(cut).join(' | ')}), extra ${extra.length} (${extra.slice(0, 2).map(cut).join(' | ')})`,
    );
  }
  return out;
}
