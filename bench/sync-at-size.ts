// `npm run bench -- --sync --size N`: a whole sync of an N-location demo fabric (1,000,000 for
// the figure; generated and cached in .data/ like the demo's) through the published
// proxy, run as `npm run sync` runs, in a child process, so its peak RSS is its own: first into
// the memory store's workspace (requests, credits, seconds, peak RSS, then the workspace read
// into a memory store), then with STORE=postgis into the bench cluster (bench/postgis-cluster.ts,
// emptied first) over the same folder, whose journal answers every request again, so that run
// is the publish: the files exported, imported and switched in (rows/s), and its peak RSS.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SEED } from '../server/demo/generate-fabric';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { createMemoryStore } from '../server/service/store/memory/memory-store';
import { startPublishedProxy, TOKEN } from '../server/workspace/published-proxy';
import { readManifest, readWorkspaceFabric } from '../server/workspace/workspace-files';
import { resetDatabase, startBenchCluster } from './postgis-cluster';

const RATE = 600;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface ChildRun {
  seconds: number;
  peakRssMb: number;
  stdout: string;
}

/** `npm run sync` of one county into dir, unthrottled, with extra environment. */
function syncChild(url: string, dir: string, county: string, env: Record<string, string>) {
  const args = ['--import', 'tsx', '--import', './bench/peak-rss.ts', 'server/workspace/main.ts'];
  args.push('--county', county, '--workspace', dir, '--rate', '100000000');
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, SERVICE_URL: url, SERVICE_TOKEN: TOKEN, SERVICE_AUTH: 'bearer', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<ChildRun>((ok, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => {
      const rss = /peak-rss-kb (\d+)/.exec(stderr);
      if (code !== 0 || !rss) {
        fail(new Error(`the sync ended with ${code}: ${stderr.slice(-800)}`));
        return;
      }
      const seconds = (performance.now() - started) / 1000;
      ok({ seconds, peakRssMb: Number(rss[1]) / 1024, stdout });
    });
  });
}

export async function benchSyncAtSize(
  locations: number,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const fabric = await loadDemoFabric({ locations, seed: DEFAULT_SEED, log });
  const proxy = await startPublishedProxy(fabric);
  const dir = mkdtempSync(join(tmpdir(), 'bench-sync-size-'));
  const county = fabric.county.geoid;
  try {
    log(`sync of a ${locations}-location demo fabric, whole, into the memory store's workspace`);
    const memory = await syncChild(proxy.url, dir, county, {});
    const manifest = readManifest(dir)!;
    const requests = Object.values(manifest.requests).reduce((a, b) => a + b, 0);
    const loading = performance.now();
    const store = createMemoryStore(readWorkspaceFabric(dir, manifest));
    const loadSeconds = (performance.now() - loading) / 1000;
    await store.close();
    const atRate = Math.max(memory.seconds / 60, requests / RATE);
    log(
      `  ${manifest.locations} locations held, ${requests} requests, ${manifest.credits} credits; unthrottled ${round(memory.seconds)} s, at ${RATE}/min ${round(atRate)} min (from the request count); sync peak RSS ${Math.round(memory.peakRssMb)} MB; workspace into the memory store ${round(loadSeconds, 2)} s`,
    );
    log('  the same into PostGIS (STORE=postgis): the journal answers the requests, then publish');
    const cluster = await startBenchCluster(join('.data', 'bench-postgis-workspace'));
    let postgis: ChildRun;
    try {
      await resetDatabase(cluster);
      postgis = await syncChild(proxy.url, dir, county, {
        STORE: 'postgis',
        DATABASE_URL: cluster.url,
      });
    } finally {
      cluster.stop();
    }
    const published = /publish: (\d+) rows into PostGIS in ([\d.]+) s/.exec(postgis.stdout);
    const exported = /publish: \d+ files written in ([\d.]+) s/.exec(postgis.stdout);
    if (!published || !exported) throw new Error(`no publish figures in: ${postgis.stdout}`);
    const [rows, importSeconds] = [Number(published[1]), Number(published[2])];
    const exportSeconds = Number(exported[1]);
    log(
      `  publish: files written ${round(exportSeconds)} s, ${rows} rows imported and switched in ${round(importSeconds)} s (${Math.round(rows / importSeconds)} rows/s); run ${round(postgis.seconds)} s, peak RSS ${Math.round(postgis.peakRssMb)} MB`,
    );
    return {
      sync_size_locations: manifest.locations,
      sync_size_requests: requests,
      sync_size_credits: manifest.credits,
      sync_size_seconds: round(memory.seconds),
      sync_size_at600_minutes: round(atRate),
      sync_size_peak_rss_mb: Math.round(memory.peakRssMb),
      sync_size_memory_load_seconds: round(loadSeconds, 2),
      sync_size_postgis_run_seconds: round(postgis.seconds),
      sync_size_postgis_peak_rss_mb: Math.round(postgis.peakRssMb),
      sync_size_publish_export_seconds: round(exportSeconds),
      sync_size_publish_seconds: round(importSeconds),
      sync_size_publish_rows: rows,
      sync_size_publish_rows_per_second: Math.round(rows / importSeconds),
    };
  } finally {
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
