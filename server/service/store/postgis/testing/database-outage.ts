// What the database outage tests share: a small demo fabric imported into a private cluster the
// test can halt, resume, freeze and thaw; the app server (embedded service) and the standalone
// service over it, configured by the same variables `npm start` and `npm run service` read; and
// every log line they write. The URL carries a password (trust authentication ignores it), so
// a test can look for it in every answer and line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppServer } from '../../../../app/start-app-server';
import { parseServerEnv } from '../../../../config/server-env';
import { parseStoreEnv } from '../../../../config/store-env';
import { exportDemo } from '../../../../demo/export/export-demo';
import { generateFabric } from '../../../../demo/generate-fabric';
import { runImport } from '../../../../postgis/import/run-import';
import {
  startPrivateCluster,
  type PrivateCluster,
} from '../../../../postgis/testing/private-cluster';
import { startStandaloneService } from '../../../standalone-server';
import type { Fabric } from '../../fabric';
import { openStore } from '../../open-store';

export const PASSWORD = 'pw-never-shown-4417';
export const TOKEN = 'outage-test-token';

export interface ImportedCluster {
  cluster: PrivateCluster;
  fabric: Fabric;
  /** DATABASE_URL with PASSWORD in it. */
  url: string;
}

export async function importIntoCluster(seed: number, locations: number): Promise<ImportedCluster> {
  const cluster = await startPrivateCluster();
  const dir = mkdtempSync(join(tmpdir(), 'explorer-outage-'));
  try {
    const fabric = generateFabric({ seed, locations });
    const manifest = await exportDemo(fabric, dir);
    await runImport({
      url: cluster.url,
      files: manifest.files.map((f) => ({ ...f, path: join(dir, f.path) })),
      uuidSeed: manifest.seed,
      rejectsPath: null,
      progress: null,
    });
    const url = cluster.url.replace('postgres://postgres@', `postgres://postgres:${PASSWORD}@`);
    return { cluster, fabric, url };
  } catch (err) {
    cluster.stop();
    throw err;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ServersOverDatabase {
  /** The app server: its /api is the embedded service. */
  app: string;
  /** The standalone service (token TOKEN), locate hot path on. */
  service: string;
  /** Every line either server or its store logged, in order. */
  lines: string[];
  close(): Promise<void>;
}

/** Both servers over DATABASE_URL `url`, with the DATABASE_* settings in `env`. */
export async function startServersOverDatabase(
  url: string,
  env: Record<string, string>,
): Promise<ServersOverDatabase> {
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);
  // The tests' load is one client sending as fast as it is answered (a refused request is
  // answered in about a millisecond): no per-client limit, which would answer it 429 instead.
  const storeEnv = {
    STORE: 'postgis',
    DATABASE_URL: url,
    SERVICE_WORKERS: '0',
    APP_RATE_LIMIT: 'off',
    ...env,
  };
  const app = await startAppServer({ env: storeEnv, log, host: '127.0.0.1', port: 0 });
  const store = await openStore(parseStoreEnv(storeEnv), { log });
  const service = await startStandaloneService({
    store,
    tokens: [TOKEN],
    logError: log,
    log,
    host: '127.0.0.1',
    port: 0,
    limits: parseServerEnv({}, { port: 0 }).limits,
  });
  return {
    app: app.url,
    service: service.url,
    lines,
    close: async () => {
      await service.close();
      await store.close();
      await app.close();
    },
  };
}
