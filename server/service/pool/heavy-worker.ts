// A heavy-work worker thread: the same service app as the event loop's, over the same fabric
// and index (shared memory, see shared-fabric.ts and fabric-index.ts), answering the requests
// the event loop hands it. Auth, rate limits and usage were settled before a request got here,
// so this app has no tokens; everything else (validation, errors, answers) is the same code,
// which is what keeps its answers byte-identical to the in-process ones.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createServiceApp } from '../app';
import type { Dialect } from '../../contract/dialect';
import { buildFabricIndex, type SharedIndexParts } from '../store/memory/fabric-index';
import type { Fabric } from '../store/fabric';
import { createMemoryStore } from '../store/memory/memory-store';
import type { CollectLimits } from '../store/store';
import type { FromWorker, ToWorker } from './worker-protocol';

export interface HeavyWorkerData {
  fabric: Fabric;
  index: SharedIndexParts;
  dialect?: Dialect;
  collectLimits?: CollectLimits;
  /** The event loop's collect3 key, so continuations outlive a replaced worker. */
  continuationKey: Uint8Array;
}

/** This thread's OS id (Linux), so an operator can find it in `top -H`; null elsewhere. */
function osThreadId(): number | null {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
}

/**
 * Below the event loop's priority: when the cores are busy, the scheduler runs the thread that
 * answers locate first and this one in the time left (on Linux a thread id names one thread).
 */
export const WORKER_NICE = 10;

function yieldToEventLoop(thread: number | null): void {
  if (thread === null) return;
  try {
    setPriority(thread, WORKER_NICE);
  } catch {
    // Not permitted here (some sandboxes): the workers then share the cores evenly.
  }
}

const port = parentPort;
if (!port) throw new Error('heavy-worker.ts runs as a worker thread');
const data = workerData as HeavyWorkerData;
const post = (msg: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

// Over the event loop's index; the match index is built on the first POST match, as there.
const store = createMemoryStore(data.fabric, {
  index: buildFabricIndex(data.fabric, data.index),
});
const app = createServiceApp({
  store,
  tokens: null,
  logError: (line) => post({ type: 'log', line }),
  continuationKey: data.continuationKey,
  ...(data.dialect ? { dialect: data.dialect } : {}),
  ...(data.collectLimits ? { collectLimits: data.collectLimits } : {}),
});

port.on('message', (msg: ToWorker) => {
  void (async () => {
    const { method, url, headers, body } = msg.request;
    const res = await app.fetch(new Request(url, { method, headers, body }));
    const bytes = await res.arrayBuffer();
    const answer = { status: res.status, headers: [...res.headers], body: bytes };
    post({ type: 'answer', id: msg.id, answer }, [bytes]);
  })();
});

const thread = osThreadId();
yieldToEventLoop(thread);
post({ type: 'ready', thread });
