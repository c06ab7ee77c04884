// A fixed set of worker threads, each running one job at a time from its own bounded queue.
// The mechanics only: what a job is (an HTTP request, in this service) is up to the entry
// script, which speaks the protocol of worker-protocol.ts. Three failures are told apart, so the
// caller can answer each properly: the queues are full (PoolBusyError), a job ran past the time
// limit (WorkTimeoutError: the worker is terminated and replaced, since a synchronous loop can't
// be interrupted any other way), or the worker died under a job (WorkerCrashError: replaced).
import { Worker } from 'node:worker_threads';
import { YOUNG_GENERATION_MB, workerStart } from './worker-start';
import type { FromWorker, WorkAnswer, WorkRequest } from './worker-protocol';

export class PoolBusyError extends Error {}
export class WorkTimeoutError extends Error {}
export class WorkerCrashError extends Error {}

export interface WorkerPoolOptions {
  entry: URL;
  workerData: unknown;
  workers: number;
  /** Jobs that may wait per worker, besides the one it runs. */
  queue: number;
  timeoutMs: number;
  /** Worker start, restarts, crashes and what the workers log. */
  log: (line: string) => void;
}

interface Job {
  id: number;
  request: WorkRequest;
  resolve: (answer: WorkAnswer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  n: number;
  worker: Worker | null;
  ready: boolean;
  running: { job: Job; timer: NodeJS.Timeout } | null;
  queue: Job[];
  /** The OS thread id, once the worker has said it (for `top -H` and tests). */
  thread: number | null;
}

export interface WorkerPool {
  /** Resolves when every worker has started; rejects with why one could not. */
  readonly started: Promise<void>;
  /** The longest a job may run. */
  readonly timeoutMs: number;
  run(request: WorkRequest): Promise<WorkAnswer>;
  /** OS thread ids of the live workers (null where not known yet). */
  threads(): (number | null)[];
  close(): Promise<void>;
}

export function createWorkerPool(opts: WorkerPoolOptions): WorkerPool {
  let nextId = 1;
  let closed = false;
  const slots: Slot[] = [];
  const starting: Promise<void>[] = [];

  const finish = (slot: Slot) => {
    if (slot.running) clearTimeout(slot.running.timer);
    slot.running = null;
  };

  const pump = (slot: Slot) => {
    if (!slot.ready || slot.running || !slot.worker) return;
    const job = slot.queue.shift();
    if (!job) return;
    const timer = setTimeout(() => {
      job.reject(new WorkTimeoutError(`work ran past ${opts.timeoutMs} ms`));
      finish(slot);
      opts.log(`worker ${slot.n}: a job ran past ${opts.timeoutMs} ms; replacing the worker`);
      replace(slot);
    }, opts.timeoutMs);
    slot.running = { job, timer };
    const body = job.request.body;
    slot.worker.postMessage({ type: 'work', id: job.id, request: job.request }, body ? [body] : []);
  };

  /** A worker died or was abandoned: fail its job, start another, keep its queue for it. */
  const replace = (slot: Slot) => {
    const old = slot.worker;
    slot.worker = null;
    slot.ready = false;
    slot.thread = null;
    if (old) void old.terminate();
    if (!closed) void spawn(slot).catch(() => {});
  };

  const spawn = (slot: Slot): Promise<void> => {
    const started = performance.now();
    const start = workerStart(opts.entry);
    const worker = new Worker(start.file, {
      workerData: opts.workerData,
      argv: start.argv,
      execArgv: start.execArgv,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // The pool is closed with its server; a forgotten one must not keep the process alive.
    worker.unref();
    slot.worker = worker;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (msg: FromWorker) => {
        if (msg.type === 'log') opts.log(`worker ${slot.n}: ${msg.line}`);
        else if (msg.type === 'ready') {
          slot.ready = true;
          slot.thread = msg.thread;
          const ms = Math.round(performance.now() - started);
          opts.log(`worker ${slot.n} ready in ${ms} ms (thread ${msg.thread ?? 'unknown'})`);
          resolve();
          pump(slot);
        } else if (slot.running?.job.id === msg.id) {
          const { job } = slot.running;
          finish(slot);
          job.resolve(msg.answer);
          pump(slot);
        }
      });
      const died = (why: string) => {
        if (slot.worker !== worker) return; // already replaced (a time limit), or closing
        const wasReady = slot.ready;
        const job = slot.running?.job;
        finish(slot);
        opts.log(`worker ${slot.n} died: ${why}`);
        job?.reject(new WorkerCrashError(why));
        if (!wasReady) {
          // It could not start: fail what waits for it rather than restart in a loop.
          for (const waiting of slot.queue.splice(0)) waiting.reject(new WorkerCrashError(why));
          slot.worker = null;
          reject(new Error(`worker ${slot.n} could not start: ${why}`));
          return;
        }
        replace(slot);
      };
      worker.on('error', (err) => died(err.stack ?? String(err)));
      worker.on('exit', (code) => died(`exited with code ${code}`));
    });
  };

  for (let n = 1; n <= opts.workers; n++) {
    const slot: Slot = { n, worker: null, ready: false, running: null, queue: [], thread: null };
    slots.push(slot);
    starting.push(spawn(slot));
  }

  return {
    started: Promise.all(starting).then(() => {}),
    timeoutMs: opts.timeoutMs,
    run(request) {
      if (closed) return Promise.reject(new WorkerCrashError('the worker pool is closed'));
      const load = (s: Slot) => (s.running ? 1 : 0) + s.queue.length;
      const slot = slots.reduce((best, s) => (load(s) < load(best) ? s : best));
      if (load(slot) > opts.queue) {
        return Promise.reject(new PoolBusyError(`${opts.queue} requests already wait per worker`));
      }
      return new Promise<WorkAnswer>((resolve, reject) => {
        slot.queue.push({ id: nextId++, request, resolve, reject });
        if (!slot.worker && !closed) void spawn(slot).catch(() => {});
        pump(slot);
      });
    },
    threads: () => slots.map((s) => s.thread),
    async close() {
      closed = true;
      const workers = slots.map((s) => s.worker);
      for (const slot of slots) {
        const job = slot.running?.job;
        finish(slot);
        slot.worker = null;
        for (const waiting of [...(job ? [job] : []), ...slot.queue.splice(0)])
          waiting.reject(new WorkerCrashError('the worker pool closed'));
      }
      await Promise.all(workers.map((w) => w?.terminate()));
    },
  };
}
