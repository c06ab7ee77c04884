// The same demo fabric served twice: by the embedded demo app server, and by an app server whose
// SERVICE_URL is the reference service behind the published-only proxy (which answers the
// project's own operations with a 404, as the real service does) and whose WORKSPACE_DIR holds
// the demo county synced through that proxy by the sync itself (server/workspace/run-sync.ts,
// what `npm run sync` runs). Whatever a planner sees in one should be what the other shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppServer, type RunningAppServer } from '../../server/app/start-app-server';
import { loadDemoFabric } from '../../server/demo/load-demo-fabric';
import type { Fabric } from '../../server/service/store/fabric';
import { createMemoryStore } from '../../server/service/store/memory/memory-store';
import { runSync } from '../../server/workspace/run-sync';
import type { WorkspaceManifest } from '../../server/workspace/workspace-files';
import {
  startPublishedProxy,
  TOKEN,
  type PublishedProxy,
} from '../../server/workspace/published-proxy';
import { syncOptions } from '../../server/workspace/testing/sync-options';
import { twoCountyFabric } from '../../server/workspace/testing/two-counties';

/**
 * Small enough to sync in seconds (the default demo's 85,000 locations take a minute through
 * the proxy's one request per retired location), large enough for hexagons, a town and ZIP codes.
 */
export const PARITY_LOCATIONS = 1500;

export interface WorkspacePair {
  fabric: Fabric;
  /** The embedded demo app server's base URL. */
  demoUrl: string;
  /** The app server answering from the workspace and the proxy's published operations. */
  workspaceUrl: string;
  /** host:port of the proxy, as the workspace's badge names it. */
  upstreamHost: string;
  manifest: WorkspaceManifest;
  /** Milliseconds the sync took. */
  syncMs: number;
  /** Requests the proxy saw per operation ("unpublished …" for the ones it refused). */
  proxyCounts(): Record<string, number>;
  /** Makes the service behind the proxy answer each request this much later (0: at once). */
  slowDown(ms: number): void;
  close(): Promise<void>;
}

export async function startWorkspacePair(
  opts: {
    locations?: number;
    env?: NodeJS.ProcessEnv;
    /**
     * Both sides hold the demo county and a neighbour (server/workspace/testing/two-counties.ts)
     * and only the demo county is synced: the neighbour is there to add from the app.
     */
    neighbour?: boolean;
  } = {},
): Promise<WorkspacePair> {
  const demoCounty = await loadDemoFabric({ locations: opts.locations ?? PARITY_LOCATIONS });
  const fabric = opts.neighbour ? await twoCountyFabric(demoCounty) : demoCounty;
  const store = createMemoryStore(fabric);
  const dir = mkdtempSync(join(tmpdir(), 'workspace-pair-'));
  const opened: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const part of opened.toReversed()) await part.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const proxy: PublishedProxy = await startPublishedProxy(fabric);
    opened.push(proxy);
    const started = performance.now();
    const manifest = await runSync(syncOptions(proxy.url, dir));
    const syncMs = performance.now() - started;
    const quiet = () => {};
    const env = opts.env ?? {};
    const demo: RunningAppServer = await startAppServer({
      port: 0,
      host: '127.0.0.1',
      env,
      store,
      log: quiet,
    });
    opened.push(demo);
    const workspace = await startAppServer({
      port: 0,
      host: '127.0.0.1',
      env: { ...env, SERVICE_URL: proxy.url, SERVICE_TOKEN: TOKEN, WORKSPACE_DIR: dir },
      log: quiet,
    });
    opened.push(workspace);
    return {
      fabric,
      demoUrl: demo.url,
      workspaceUrl: workspace.url,
      upstreamHost: new URL(proxy.url).host,
      manifest,
      syncMs,
      proxyCounts: () => proxy.counts(),
      slowDown: (ms) => {
        proxy.fault = ms > 0 ? () => ({ delayMs: ms }) : null;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
