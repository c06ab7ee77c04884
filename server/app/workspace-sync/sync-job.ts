// The app's one workspace sync at a time (docs/SERVICE.md, "The app server's workspace sync"):
// an estimate runs in process and a sync on a worker thread (sync-in-worker.ts: its reading
// back and checking of the area would otherwise hold the map's requests for seconds), both
// with the command's rate and concurrency; its progress and last log lines kept for
// GET /api/workspace/sync, a cancel stopping it where it is (the journal keeps what was
// answered, so starting the same again resumes), and a finished sync switched in by reloading
// the backend before the job says done.
import type { SyncEstimateAnswer, SyncJob, SyncBody } from '../../../shared/workspace-sync';
import { boundaryFeature, stateCounties } from '../../service/routes/boundaries';
import { countiesTouching } from '../../workspace/area-counties';
import type { SyncOptions } from '../../workspace/run-sync';
import { estimateSync } from '../../workspace/sync-estimate';
import { EXIT, SyncStopped } from '../../workspace/sync-stopped';
import { runSyncInWorker } from './sync-in-worker';

export type JobSettings = Omit<SyncOptions, 'counties' | 'state' | 'log' | 'signal'> & {
  log: (line: string) => void;
  /** Switches the app server to the workspace a sync has just written. */
  reload: () => Promise<void>;
};

/** Refused because a sync or an estimate is running (409 sync_running). */
export class SyncBusy extends Error {}

const LOG_KEPT = 8;

/** The body as the sync takes it, and what it adds in a few words. */
function asked(body: SyncBody): { counties?: string[]; state?: string; what: string } {
  if (body.state !== undefined) {
    const found = stateCounties(body.state);
    if (!found) throw new SyncStopped(`state ${body.state}: no state has that FIPS code`, 2);
    return { state: body.state, what: found.name };
  }
  const counties = body.counties ?? countiesTouching(body.area!);
  if (counties.length === 0)
    throw new SyncStopped('area: it touches no county of the Census boundaries', 2);
  const named = counties.map((g) => boundaryFeature('counties', g)?.properties.name ?? g);
  const what = named.length <= 2 ? named.join(' and ') : `${named.length} counties`;
  return { counties, what };
}

export function createSyncJobs(settings: JobSettings) {
  const idle: SyncJob = {
    state: 'idle',
    what: null,
    requests: { done: 0, planned: 0 },
    credits: 0,
    etaMs: null,
    step: null,
    message: null,
    log: [],
  };
  let job = idle;
  let controller: AbortController | null = null;
  const estimates = new Map<string, number>();
  const busy = () => job.state === 'estimating' || job.state === 'running';
  const log = (line: string) => {
    settings.log(line);
    job = { ...job, log: [...job.log, line].slice(-LOG_KEPT) };
  };
  const { reload, ...common } = settings;
  const options = (body: SyncBody, signal: AbortSignal) => {
    const { what, ...areas } = asked(body);
    return { what, sync: { ...common, ...areas, log, signal } };
  };

  return {
    status: (): SyncJob => job,

    async estimate(body: SyncBody): Promise<SyncEstimateAnswer> {
      if (busy()) throw new SyncBusy();
      const before = job;
      controller = new AbortController();
      const { what, sync } = options(body, controller.signal);
      job = { ...idle, state: 'estimating', what };
      try {
        const estimate = await estimateSync(sync);
        const total = Object.values(estimate.requests).reduce((a, b) => a + b, 0);
        estimates.set(JSON.stringify(body), total);
        return estimate;
      } finally {
        job = before;
        controller = null;
      }
    },

    start(body: SyncBody): SyncJob {
      if (busy()) throw new SyncBusy();
      controller = new AbortController();
      const { what, sync } = options(body, controller.signal);
      const planned = estimates.get(JSON.stringify(body)) ?? 0;
      job = { ...idle, state: 'running', what, requests: { done: 0, planned }, step: 'requests' };
      log(`workspace sync: adding ${what}`);
      void runSyncInWorker({
        ...sync,
        onStep: (step) => {
          job = { ...job, step };
        },
        onProgress: (p) => {
          const done = p.sent;
          job = {
            ...job,
            requests: { done, planned: Math.max(planned, done + p.planned - p.done) },
            credits: p.credits,
            etaMs: p.etaMs,
          };
        },
      })
        .then(async () => {
          await reload();
          job = { ...job, state: 'done', etaMs: 0, step: null };
          log(`workspace sync: ${what} added`);
        })
        .catch((err: unknown) => {
          const cancelled = err instanceof SyncStopped && err.exitCode === EXIT.cancelled;
          const message = err instanceof Error ? err.message : String(err);
          job = {
            ...job,
            state: cancelled ? 'cancelled' : 'failed',
            message,
            etaMs: null,
            step: null,
          };
          log(`workspace sync: stopped: ${message}`);
        })
        .finally(() => {
          controller = null;
        });
      return job;
    },

    /** Stops what runs; false when nothing does. */
    cancel(): boolean {
      if (!controller) return false;
      controller.abort();
      return true;
    },
  };
}

export type SyncJobs = ReturnType<typeof createSyncJobs>;
