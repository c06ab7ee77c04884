// A long download's requests (the area's location list: hundreds of bulk calls) run a few at a
// time, hand their results on in order so a file is written row by row as they arrive, stop
// every request on cancel, and wait out the service's "come back later" answers: a 429 (the
// app server's per-client budget, or the service's own rate limit) or a 503 busy, each with
// Retry-After, is waited out as it says and asked again, as the official client does
// (docs/REAL-API.md); other transient failures follow the queries' retry policy (api/retry-policy.ts).
import { isApiError } from '../api/api-error';
import { retryDelay, shouldRetry } from '../api/retry-policy';

/** Retry-After waits one request may sit through before its failure is shown. */
export const MAX_WAITS = 20;

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }
    signal.addEventListener('abort', stop, { once: true });
  });

export interface PatienceOptions {
  signal: AbortSignal;
  /** Seconds the service asked to wait (0 once the wait is over), for the progress line. */
  onWait?: (seconds: number) => void;
  sleep?: Sleep;
}

/** One request, asked again after a Retry-After wait or a transient failure. */
export async function patiently<T>(
  call: (signal: AbortSignal) => Promise<T>,
  options: PatienceOptions,
): Promise<T> {
  const { signal, onWait } = options;
  const wait = options.sleep ?? sleep;
  let failures = 0;
  let waits = 0;
  for (;;) {
    try {
      return await call(signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const asked =
        isApiError(error) &&
        (error.status === 429 || error.status === 503) &&
        error.retryAfter !== undefined;
      if (asked && waits < MAX_WAITS) {
        waits += 1;
        onWait?.(error.retryAfter!);
        await wait(error.retryAfter! * 1000, signal);
        onWait?.(0);
        continue;
      }
      if (!shouldRetry(failures, error)) throw error;
      await wait(retryDelay(failures, error), signal);
      failures += 1;
    }
  }
}

export interface InOrderOptions<T> {
  /** Tasks running at once. */
  concurrency: number;
  signal: AbortSignal;
  /** Each task's result, in task order, one at a time (the next waits for it to settle). */
  onResult: (index: number, result: T) => void | Promise<void>;
}

/**
 * Runs the tasks `concurrency` at a time and hands their results on in task order. The first
 * failure stops the run: the tasks still running are aborted and the failure is thrown once
 * they have stopped. Resolves to the number of results handed on (all of them on success),
 * so a caller resumes from there.
 */
export async function runInOrder<T>(
  tasks: readonly ((signal: AbortSignal) => Promise<T>)[],
  options: InOrderOptions<T>,
): Promise<number> {
  const inner = new AbortController();
  const stop = () => inner.abort(options.signal.reason);
  if (options.signal.aborted) stop();
  options.signal.addEventListener('abort', stop, { once: true });
  const ready = new Map<number, T>();
  let next = 0;
  let handed = 0;
  // An object, not a reassigned variable: the loops below read what the closures set.
  const failure: { error?: unknown; failed: boolean } = { failed: false };
  let handing = Promise.resolve();

  const handOn = async () => {
    while (ready.has(handed) && !failure.failed) {
      const result = ready.get(handed)!;
      ready.delete(handed);
      await options.onResult(handed, result);
      handed += 1;
    }
  };
  const fail = (error: unknown) => {
    if (!failure.failed) Object.assign(failure, { failed: true, error });
    inner.abort(error);
  };

  const worker = async () => {
    while (!failure.failed && !inner.signal.aborted && next < tasks.length) {
      const index = next++;
      try {
        ready.set(index, await tasks[index]!(inner.signal));
        handing = handing.then(handOn).catch(fail);
        await handing;
      } catch (error) {
        fail(error);
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, tasks.length));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
    await handing;
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
  if (options.signal.aborted) throw options.signal.reason;
  if (failure.failed) throw failure.error;
  return handed;
}
