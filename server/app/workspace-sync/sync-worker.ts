// The app's workspace sync, on a worker thread (sync-in-worker.ts starts it). The sync reads
// back, assembles and checks the whole area between its requests: seconds of work at a county
// of 85,000 locations, minutes at a state, which on the app server's thread would hold every
// map request waiting. Its options come as workerData; its log lines, progress and outcome go
// back as messages (the parent ends the thread once the outcome is in); a "cancel" message
// stops it as the app's Cancel does.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { runSync, type SyncOptions } from '../../workspace/run-sync';
import { SyncStopped } from '../../workspace/sync-stopped';
import type { FromSyncWorker, ToSyncWorker } from './sync-in-worker';

const port = parentPort!;
const post = (msg: FromSyncWorker) => port.postMessage(msg);
const controller = new AbortController();
port.on('message', (msg: ToSyncWorker) => {
  if (msg.type === 'cancel') controller.abort();
});

const options = workerData as Omit<SyncOptions, 'log' | 'signal' | 'onProgress' | 'onStep'>;
try {
  await runSync({
    ...options,
    log: (line) => post({ type: 'log', line }),
    onProgress: (counts) => post({ type: 'progress', counts }),
    onStep: (step) => post({ type: 'step', step }),
    signal: controller.signal,
  });
  post({ type: 'done', thread: threadId });
} catch (err) {
  post({
    type: 'failed',
    message: err instanceof Error ? err.message : String(err),
    exitCode: err instanceof SyncStopped ? err.exitCode : null,
  });
}
