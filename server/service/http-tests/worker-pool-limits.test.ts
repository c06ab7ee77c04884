// The worker pool under pressure, over real HTTP: full queues answer 503 service_busy with
// Retry-After, a request past the time limit 503 work_timeout (its worker replaced), and a
// worker that dies under a request 500 internal, logged but with no detail in the body, and
// replaced. The first two run the real worker on a 100,000-vertex comb (about 0.1-0.3 s of
// checks); the crashes need a worker that can be told to crash (testing/failing-worker.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { startServicePool } from '../pool/service-pool';
import { createWorkerPool, type WorkerPool } from '../pool/worker-pool';
import { createMemoryStore } from '../store/memory/memory-store';
import { buildFixtureFabric } from '../testing/fixture-fabric';
import { comb } from '../../../bench/worst-case-shapes';
import { CURRENT, TOKEN, errorOf, startService, type RunningService } from './harness';
import { send } from './raw-post';

const SUMMARIZE = `/fabricext/${CURRENT}/summarize?field=unit_count`;
const SMALL = JSON.stringify(comb(41).geometry);
const store = createMemoryStore(buildFixtureFabric());
const opened: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

async function pooledService(pool: WorkerPool): Promise<RunningService> {
  const svc = await startService({ store, pool });
  opened.push(pool, svc);
  return svc;
}

async function realPool(queue: number, timeoutMs: number, log: string[] = []) {
  const heavy = await startServicePool(
    store,
    { workers: 1, queue, timeoutMs },
    {
      log: (l) => log.push(l),
    },
  );
  if (!heavy) throw new Error('no pool over a memory store');
  return heavy.pool;
}

function failingPool(timeoutMs: number, log: string[]): WorkerPool {
  return createWorkerPool({
    entry: new URL('../testing/failing-worker.ts', import.meta.url),
    workerData: null,
    workers: 1,
    queue: 4,
    timeoutMs,
    log: (l) => log.push(l),
  });
}

describe('worker pool limits', () => {
  it('answers 503 service_busy with Retry-After once the queue is full', async () => {
    const svc = await pooledService(await realPool(1, 10_000));
    const heavy = JSON.stringify(comb().geometry);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(svc.url, SUMMARIZE, heavy)),
    );
    const busy = answers.filter((a) => a.status === 503);
    // One runs, one waits, the rest are refused at once.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const a of busy) {
      expect(a.type).toContain('application/json');
      expect(errorOf(JSON.parse(a.text))).toMatchObject({
        code: 'service_busy',
        details: { retryAfter: 1 },
      });
    }
    // Refused with Retry-After: 1 (the header, as the official client reads it).
    const refused = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(svc.url + SUMMARIZE, {
          method: 'POST',
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
          body: heavy,
        }),
      ),
    );
    const retry = refused.filter((r) => r.status === 503).map((r) => r.headers.get('retry-after'));
    expect(retry.length).toBeGreaterThanOrEqual(1);
    expect(new Set(retry)).toEqual(new Set(['1']));
    await Promise.all(refused.map((r) => r.arrayBuffer()));
    // Once the queue drains, the pool answers again.
    expect((await send(svc.url, SUMMARIZE, SMALL)).status).toBe(200);
    expect(svc.logged).toEqual([]);
  }, 30_000);

  it('abandons a request past the time limit with 503 work_timeout', async () => {
    const log: string[] = [];
    const svc = await pooledService(await realPool(4, 20, log));
    const slow = await send(svc.url, SUMMARIZE, JSON.stringify(comb().geometry));
    expect(slow.status).toBe(503);
    expect(errorOf(JSON.parse(slow.text))).toMatchObject({
      code: 'work_timeout',
      details: { limitSeconds: 0.02 },
    });
    expect(log.some((l) => l.includes('ran past 20 ms; replacing the worker'))).toBe(true);
    expect(svc.logged).toEqual([]);
  }, 30_000);

  it('replaces a worker stuck in a loop, and the next request is answered', async () => {
    const log: string[] = [];
    const pool = failingPool(300, log);
    await pool.started;
    const svc = await pooledService(pool);
    const [stuck] = pool.threads();
    const hung = await send(svc.url, `/fabricext/${CURRENT}/summarize?field=hang`, SMALL);
    expect(hung.status).toBe(503);
    expect(errorOf(JSON.parse(hung.text)).code).toBe('work_timeout');
    const after = await send(svc.url, `/fabricext/${CURRENT}/summarize?field=ok`, SMALL);
    expect({ status: after.status, text: after.text }).toEqual({ status: 200, text: '{}' });
    expect(pool.threads()[0]).not.toBe(stuck);
  }, 30_000);

  it.each([
    ['exit', 'exited with code 3'],
    ['throw', 'failing-worker: thrown as asked'],
  ])(
    'a worker that dies (%s) gives 500 internal, is logged, and is replaced',
    async (how, why) => {
      const log: string[] = [];
      const pool = createWorkerPool({
        entry: new URL('../testing/failing-worker.ts', import.meta.url),
        workerData: null,
        workers: 1,
        queue: 4,
        timeoutMs: 10_000,
        log: (l) => log.push(l),
      });
      await pool.started;
      const svc = await pooledService(pool);
      const died = await send(svc.url, `/fabricext/${CURRENT}/summarize?field=${how}`, SMALL);
      expect(died.status).toBe(500);
      expect(JSON.parse(died.text)).toEqual({
        error: { code: 'internal', message: 'internal error' },
      });
      expect(svc.logged).toHaveLength(1);
      expect(svc.logged[0]).toContain(`worker failed on POST /fabricext/${CURRENT}/summarize`);
      expect(log.join('\n')).toContain(why);
      const after = await send(svc.url, `/fabricext/${CURRENT}/summarize?field=ok`, SMALL);
      expect({ status: after.status, text: after.text }).toEqual({ status: 200, text: '{}' });
    },
    30_000,
  );
});
