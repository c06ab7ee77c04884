// What the app sync's tests share: the two-county service behind the published-only proxy, an
// app server in upstream mode whose workspace holds the demo county, and small HTTP helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { squareAround } from '../../../../shared/testing/square';
import type { SyncJob } from '../../../../shared/workspace-sync';
import type { Fabric } from '../../../service/store/fabric';
import {
  startPublishedProxy,
  TOKEN,
  type PublishedProxy,
} from '../../../workspace/published-proxy';
import { runSync } from '../../../workspace/run-sync';
import { demoFabric } from '../../../workspace/testing/sync-fixture';
import { syncOptions } from '../../../workspace/testing/sync-options';
import { twoCountyFabric } from '../../../workspace/testing/two-counties';
import { startAppServer, type RunningAppServer } from '../../start-app-server';

export interface SyncApp {
  service: Fabric;
  proxy: PublishedProxy;
  app: RunningAppServer;
  dir: string;
  close(): Promise<void>;
}

export async function startSyncApp(): Promise<SyncApp> {
  const service = await twoCountyFabric(demoFabric());
  const proxy = await startPublishedProxy(service);
  const dir = mkdtempSync(join(tmpdir(), 'app-sync-'));
  await runSync(syncOptions(proxy.url, dir));
  const app = await startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: { SERVICE_URL: proxy.url, SERVICE_TOKEN: TOKEN, WORKSPACE_DIR: dir },
    log: () => {},
  });
  return {
    service,
    proxy,
    app,
    dir,
    close: async () => {
      await app.close();
      await proxy.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(base + path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The job once it has stopped running (done, cancelled or failed). */
export async function settled(base: string): Promise<SyncJob> {
  for (;;) {
    const job = (await call(base, 'GET', '/api/workspace/sync')).json as unknown as SyncJob;
    if (job.state !== 'running') return job;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/** A square of about 2d degrees around a point, as GeoJSON. */
export const square = squareAround;
