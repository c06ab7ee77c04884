// Runs a sync (run-sync.ts) on a worker thread (sync-worker.ts) with the same options and the
// same outcome as in process: its log lines and progress passed to the caller's callbacks, its
// signal cancelling it, a SyncStopped rethrown with its message and exit code. The app server's
// thread then only relays messages while the sync works.
import { Worker } from 'node:worker_threads';
import type { SyncStep } from '../../../shared/workspace-sync';
import type { SyncOptions } from '../../workspace/run-sync';
import type { SyncCounts } from '../../workspace/sync-progress';
import { SyncStopped } from '../../workspace/sync-stopped';
import { workerStart } from '../../service/pool/worker-start';

export type ToSyncWorker = { type: 'cancel' };
export type FromSyncWorker =
  | { type: 'log'; line: string }
  | { type: 'progress'; counts: SyncCounts }
  | { type: 'step'; step: SyncStep }
  | { type: 'done'; thread: number }
  | { type: 'failed'; message: string; exitCode: number | null };

/** The app server runs under tsx, so the entry is TypeScript (workerStart starts it so). */
const ENTRY = new URL('./sync-worker.ts', import.meta.url);

/** The sync on its own thread; resolves with that thread's id once the workspace is written. */
export function runSyncInWorker(o: SyncOptions): Promise<{ thread: number }> {
  const { log, signal, onProgress, onStep, ...options } = o;
  const start = workerStart(ENTRY);
  const worker = new Worker(start.file, {
    workerData: options,
    argv: start.argv,
    execArgv: start.execArgv,
  });
  // Stopping the app server stops the sync where it is (its journal resumes it), as it did in
  // process: the worker does not keep the process alive.
  worker.unref();
  // (A worker's postMessage takes transferables second, not a browser window's target origin.)
  const cancel = () => worker.postMessage({ type: 'cancel' } satisfies ToSyncWorker, []);
  if (signal?.aborted) cancel();
  else signal?.addEventListener('abort', cancel, { once: true });
  return new Promise<{ thread: number }>((resolve, reject) => {
    // Settled by the sync's outcome, not by the thread's end, which a handle left open (a
    // keep-alive socket, a database pool) could put off: the thread is ended once it has spoken.
    const settle = (end: () => void) => {
      signal?.removeEventListener('abort', cancel);
      worker.removeAllListeners();
      void worker.terminate();
      end();
    };
    worker.on('message', (msg: FromSyncWorker) => {
      if (msg.type === 'log') log(msg.line);
      else if (msg.type === 'progress') onProgress?.(msg.counts);
      else if (msg.type === 'step') onStep?.(msg.step);
      else if (msg.type === 'done') settle(() => resolve({ thread: msg.thread }));
      else
        settle(() =>
          reject(
            msg.exitCode === null
              ? new Error(msg.message)
              : new SyncStopped(msg.message, msg.exitCode),
          ),
        );
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) =>
      settle(() =>
        reject(new Error(`the sync's worker thread ended (exit code ${code}) before it finished`)),
      ),
    );
  });
}
