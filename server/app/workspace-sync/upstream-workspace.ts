// Upstream mode: the workspace the app server answers its own views from, reloadable, and the
// routes that sync areas into it from the app (SYNC_CREDITS caps what one sync may spend).
import { z } from 'zod';
import type { StoreSettings } from '../../config/store-env';
import type { LineLogger } from '../../node-http/log-lines';
import { DEFAULT_SYNC_RATE, SYNC_CONCURRENCY } from '../../workspace/workspace-dir';
import type { Backend } from '../backend';
import { reloadableBackend } from '../reloadable-backend';
import type { UpstreamAccess } from '../upstream-env';
import { withWorkspace } from '../workspace-backend';
import { createSyncJobs } from './sync-job';
import { workspaceSyncRoutes } from './sync-routes';

const creditsSchema = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : Number(v)))
  .pipe(
    z
      .number({ error: 'SYNC_CREDITS must be a whole number of credits' })
      .int({ error: 'SYNC_CREDITS must be a whole number of credits' })
      .min(0, { error: 'SYNC_CREDITS must be 0 or more' })
      .nullable(),
  );

/** SYNC_CREDITS: the most credits one sync started from the app may spend; null for no cap. */
export function syncCreditsFromEnv(env: NodeJS.ProcessEnv): number | null {
  const parsed = creditsSchema.safeParse(env.SYNC_CREDITS ?? '');
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * The workspace in `dir`, or with STORE=postgis the one published into the database (a sync
 * from the app publishes there too, as `npm run sync` does).
 */
export async function withWorkspaceSync(
  upstream: Backend,
  access: UpstreamAccess,
  dir: string,
  store: StoreSettings,
  credits: number | null,
  log: LineLogger,
): Promise<Backend> {
  const open = async (shared: Backend) => {
    if (store.kind !== 'postgis') return withWorkspace(shared, dir, log);
    const { openPublishedWorkspace } = await import('../../workspace/published-workspace');
    return withWorkspace(shared, dir, log, await openPublishedWorkspace(store, upstream.kind, log));
  };
  const backend = await reloadableBackend(upstream, open);
  const jobs = createSyncJobs({
    access,
    store,
    workspaceDir: dir,
    ratePerMinute: DEFAULT_SYNC_RATE,
    concurrency: SYNC_CONCURRENCY,
    credits,
    log: (line) => log(line),
    reload: backend.reload,
  });
  // Set on the backend itself: a copy would freeze its label and capabilities at this workspace.
  backend.workspaceRoutes = workspaceSyncRoutes(jobs);
  return backend;
}
