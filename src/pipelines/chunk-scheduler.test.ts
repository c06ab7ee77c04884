// The long list's scheduler: at most `concurrency` tasks at once, results handed on in task
// order whatever order they finish in, cancel aborts every task's signal, a failure stops the
// run after the results before it, and Retry-After answers are waited out as they say.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { MAX_WAITS, patiently, runInOrder, type Sleep } from './chunk-scheduler';

/** A task that resolves when the test says so, recording its signal. */
function deferredTasks(n: number) {
  const started: number[] = [];
  const signals: AbortSignal[] = [];
  const finish: ((value: number) => void)[] = [];
  const fail: ((error: unknown) => void)[] = [];
  let running = 0;
  let most = 0;
  const tasks = Array.from({ length: n }, (_, i) => (signal: AbortSignal) => {
    started.push(i);
    signals[i] = signal;
    running += 1;
    most = Math.max(most, running);
    return new Promise<number>((resolve, reject) => {
      finish[i] = (v) => ((running -= 1), resolve(v));
      fail[i] = (e) => ((running -= 1), reject(e as Error));
      signal.addEventListener('abort', () => fail[i]!(signal.reason));
    });
  });
  return { tasks, started, signals, finish, fail, most: () => most };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('runInOrder', () => {
  it('runs at most `concurrency` tasks at once and hands results on in task order', async () => {
    const d = deferredTasks(7);
    const handed: number[] = [];
    const run = runInOrder(d.tasks, {
      concurrency: 3,
      signal: new AbortController().signal,
      onResult: (i, v) => void handed.push(i * 100 + v),
    });
    await tick();
    expect(d.started).toEqual([0, 1, 2]);
    // Finishing out of order: 2 and 1 wait for 0.
    d.finish[2]!(2);
    d.finish[1]!(1);
    await tick();
    expect(handed).toEqual([]);
    d.finish[0]!(0);
    for (let i = 3; i < 7; i++) {
      await tick();
      await tick();
      d.finish[i]!(i);
    }
    await expect(run).resolves.toBe(7);
    expect(handed).toEqual([0, 101, 202, 303, 404, 505, 606]);
    expect(d.most()).toBe(3);
  });

  it('cancel aborts every running task and rejects; nothing more starts', async () => {
    const d = deferredTasks(6);
    const controller = new AbortController();
    const run = runInOrder(d.tasks, {
      concurrency: 2,
      signal: controller.signal,
      onResult: () => {},
    });
    await tick();
    controller.abort();
    await expect(run).rejects.toThrow();
    expect(d.started).toEqual([0, 1]);
    expect(d.signals.every((s) => s.aborted)).toBe(true);
  });

  it('a failure aborts the others and reports how many results were handed on', async () => {
    const d = deferredTasks(5);
    const handed: number[] = [];
    const run = runInOrder(d.tasks, {
      concurrency: 2,
      signal: new AbortController().signal,
      onResult: (i) => void handed.push(i),
    });
    await tick();
    d.finish[0]!(0);
    await tick();
    await tick();
    d.fail[1]!(new Error('bulk failed'));
    await expect(run).rejects.toThrow('bulk failed');
    expect(handed).toEqual([0]);
    expect(d.signals[2]!.aborted).toBe(true);
  });
});

describe('patiently', () => {
  const limited = (retryAfter: number) =>
    new ApiError({
      status: 429,
      code: 'rate_limited',
      message: 'slow down',
      operation: 'bulk',
      retryAfter,
    });

  it('waits out each 429 as Retry-After says, then answers', async () => {
    const slept: number[] = [];
    const sleep: Sleep = async (ms) => void slept.push(ms);
    const waits: number[] = [];
    let calls = 0;
    const answer = await patiently(
      async () => {
        calls += 1;
        if (calls <= 3) throw limited(calls * 2);
        return 'rows';
      },
      { signal: new AbortController().signal, sleep, onWait: (s) => waits.push(s) },
    );
    expect(answer).toBe('rows');
    expect(slept).toEqual([2000, 4000, 6000]);
    expect(waits).toEqual([2, 0, 4, 0, 6, 0]);
  });

  it('gives up after MAX_WAITS waits, and at once on an error a retry cannot fix', async () => {
    const sleep: Sleep = async () => {};
    const signal = new AbortController().signal;
    let calls = 0;
    await expect(
      patiently(
        async () => {
          calls += 1;
          throw limited(1);
        },
        { signal, sleep },
      ),
    ).rejects.toMatchObject({ status: 429 });
    // The waits, then the query client's own retries of a 429 (2).
    expect(calls).toBe(MAX_WAITS + 3);
    calls = 0;
    const bad = new ApiError({
      status: 400,
      code: 'invalid_parameter',
      message: 'no',
      operation: 'bulk',
    });
    await expect(
      patiently(
        async () => {
          calls += 1;
          throw bad;
        },
        { signal, sleep },
      ),
    ).rejects.toBe(bad);
    expect(calls).toBe(1);
  });
});
