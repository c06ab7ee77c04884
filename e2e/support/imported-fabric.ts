// The app as it runs over an imported fabric: a private PostgreSQL/PostGIS cluster, a small
// demo fabric exported in the published layouts and loaded with `npm run import` itself (the
// command a user runs, in its own process), and an app server with STORE=postgis over it.
// Everything is started and stopped by the spec that asks for it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportDemo, MANIFEST_NAME } from '../../server/demo/export/export-demo';
import { generateFabric } from '../../server/demo/generate-fabric';
import {
  startPrivateCluster,
  type PrivateCluster,
} from '../../server/postgis/testing/private-cluster';
import { startAppServer, type RunningAppServer } from '../../server/app/start-app-server';
import { densestTown, type DemoTown } from './demo-town';

export interface ImportedFabric {
  /** The database the fabric was imported into (named so no stamp can hit it by chance). */
  database: string;
  /** host:port of the cluster, as a stamp of the database names it. */
  databaseHost: string;
  /** The releases of the fabric written to the files imported, oldest first. */
  vintages: string[];
  /** The densest town of the imported fabric, to draw an area over. */
  town: DemoTown;
  /** The app server's base URL, for page.goto. */
  appUrl: string;
  /** Milliseconds spent by each step, for the record. */
  timings: Record<'cluster' | 'generate' | 'export' | 'import' | 'server', number>;
  close(): Promise<void>;
}

/** `npm run import -- --manifest FILE` in a child process; rejects with its output on failure. */
function runImportCommand(manifest: string, databaseUrl: string, rejects: string): Promise<void> {
  const args = ['--import', 'tsx', 'server/postgis/import/main.ts'];
  args.push('--manifest', manifest, '--rejects', rejects, '--quiet');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run import exited ${code}:\n${output}`)),
    );
  });
}

export async function startImportedFabric(opts: {
  database: string;
  locations: number;
  seed: number;
}): Promise<ImportedFabric> {
  const timings = { cluster: 0, generate: 0, export: 0, import: 0, server: 0 };
  const timed = async <T>(step: keyof typeof timings, work: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    try {
      return await work();
    } finally {
      timings[step] = Math.round(performance.now() - began);
    }
  };
  const dir = mkdtempSync(join(tmpdir(), 'explorer-imported-'));
  let cluster: PrivateCluster | null = null;
  let app: RunningAppServer | null = null;
  const close = async () => {
    await app?.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    cluster = await timed('cluster', () => startPrivateCluster(opts.database));
    const url = cluster.url;
    const fabric = await timed('generate', async () =>
      generateFabric({ seed: opts.seed, locations: opts.locations }),
    );
    await timed('export', () => exportDemo(fabric, dir, { zip: true, gpkg: true }));
    await timed('import', () =>
      runImportCommand(join(dir, MANIFEST_NAME), url, join(dir, 'rejects.csv')),
    );
    app = await timed('server', () =>
      startAppServer({
        port: 0,
        host: '127.0.0.1',
        env: { STORE: 'postgis', DATABASE_URL: url },
        log: () => {},
      }),
    );
    return {
      database: opts.database,
      databaseHost: `127.0.0.1:${cluster.port}`,
      vintages: fabric.vintages.map((v) => v.vintage),
      town: densestTown(fabric),
      appUrl: app.url,
      timings,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
