// /api/workspace: estimate, start, watch and cancel the app's workspace sync (docs/SERVICE.md,
// "The app server's workspace sync"). Every refusal is JSON naming the rule: a body that is not
// one of the three forms (400 invalid_body), a sync already running (409 sync_running), a
// stop on the way to an estimate (502 estimate_failed, naming the operation and chunk).
import { Hono, type Context } from 'hono';
import { syncBodySchema, type SyncBody } from '../../../shared/workspace-sync';
import { SyncStopped } from '../../workspace/sync-stopped';
import { jsonError } from '../../node-http/json-error';
import { SyncBusy, type SyncJobs } from './sync-job';

const running = () =>
  jsonError({
    status: 409,
    code: 'sync_running',
    message: 'a workspace sync or estimate is running; one runs at a time (cancel it, or wait)',
  });

/** The body, or the 400 naming the first rule it breaks. */
async function readBody(c: Context): Promise<SyncBody | Response> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return jsonError({ status: 400, code: 'invalid_body', message: 'the body is not JSON' });
  }
  const parsed = syncBodySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const message =
    issue.code === 'unrecognized_keys'
      ? `${issue.message}: ${issue.keys.join(', ')}`
      : issue.message;
  return jsonError({ status: 400, code: 'invalid_body', message });
}

/** A refusal of the job's own: busy, or a body naming nothing the sync can take. */
function refusal(err: unknown): Response | null {
  if (err instanceof SyncBusy) return running();
  if (err instanceof SyncStopped && err.exitCode === 2)
    return jsonError({ status: 400, code: 'invalid_body', message: err.message });
  return null;
}

export function workspaceSyncRoutes(jobs: SyncJobs): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.post('/estimate', async (c) => {
    const body = await readBody(c);
    if (body instanceof Response) return body;
    try {
      return c.json(await jobs.estimate(body));
    } catch (err) {
      const refused = refusal(err);
      if (refused) return refused;
      if (!(err instanceof SyncStopped)) throw err;
      return jsonError({ status: 502, code: 'estimate_failed', message: err.message });
    }
  });
  app.post('/sync', async (c) => {
    const body = await readBody(c);
    if (body instanceof Response) return body;
    try {
      return c.json(jobs.start(body), 202);
    } catch (err) {
      const refused = refusal(err);
      if (refused) return refused;
      throw err;
    }
  });
  app.get('/sync', (c) => c.json(jobs.status()));
  app.delete('/sync', (c) => {
    if (jobs.cancel()) return c.json(jobs.status(), 202);
    return jsonError({
      status: 409,
      code: 'sync_not_running',
      message: 'no workspace sync or estimate is running to cancel',
    });
  });
  return app;
}

/** Embedded mode: the demo's data is all here, there is nothing to sync. */
export function workspaceNotAvailable(): Hono {
  const app = new Hono();
  app.all('*', () =>
    jsonError({
      status: 409,
      code: 'workspace_not_available',
      message:
        'the demo needs no sync: its data is all here; a workspace is synced from the real service (SERVICE_URL)',
    }),
  );
  return app;
}
