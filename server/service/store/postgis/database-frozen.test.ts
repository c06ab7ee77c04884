// A stalled database host (every PostgreSQL process stopped with SIGSTOP: connections are
// accepted by the kernel, nothing ever answers), under load through both servers over real
// HTTP: every request ends within the connect timeout plus the query timeout, answered 503
// store_unavailable, whether it held a pooled connection or waited for one; health says the
// database is unreachable; after SIGCONT the same servers answer again. The bound is the
// configured timeouts' sum, doubled for a loaded machine; without the timeouts a request that
// holds a connection waits for as long as the host is stalled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryTimeoutMs } from './postgis-store';
import { ask, databaseCalls, startLoad } from './testing/database-calls';
import {
  importIntoCluster,
  startServersOverDatabase,
  type ImportedCluster,
  type ServersOverDatabase,
} from './testing/database-outage';
import {
  expectNoSecret,
  expectQuietLog,
  expectStoreUnavailable,
  notAccessLines,
} from './testing/outage-checks';

const CONNECT_S = 1;
const STATEMENT_S = 1;
const BOUND_MS = 2 * (CONNECT_S * 1000 + queryTimeoutMs(STATEMENT_S * 1000));

let db: ImportedCluster;
let servers: ServersOverDatabase;

beforeAll(async () => {
  db = await importIntoCluster(37, 800);
  servers = await startServersOverDatabase(db.url, {
    DATABASE_POOL_SIZE: '3',
    DATABASE_STATEMENT_TIMEOUT_S: String(STATEMENT_S),
    DATABASE_CONNECT_TIMEOUT_S: String(CONNECT_S),
  });
}, 120_000);

afterAll(async () => {
  db?.cluster.thaw();
  await servers?.close();
  db?.cluster.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a database host that stalls', () => {
  it('gets every request answered 503 within the connect and query timeouts', async () => {
    const calls = databaseCalls(db.fabric, servers);
    // Well past the bound: an answer that never comes is recorded as status 0.
    const load = startLoad(calls, 8, BOUND_MS + 15_000);
    await pause(500);
    const firstLine = servers.lines.length;
    db.cluster.freeze();
    const frozen = performance.now();
    await pause(2 * BOUND_MS);
    const health = await Promise.all(
      [`${servers.app}/api/health`, `${servers.service}/health`].map((url) =>
        ask(() => ({ label: 'health', url }), 0, BOUND_MS + 15_000),
      ),
    );
    db.cluster.thaw();
    const thawed = performance.now();
    // Back without a restart: a round of every call answered 200 (within a minute: a busy
    // machine's thawed server and new pool connections can take a while).
    let back = false;
    for (let n = 0; !back && performance.now() - thawed < 60_000; n++) {
      const round = await Promise.all(
        calls.map((call, k) => ask(call, 10_000 + n * 100 + k, 10_000)),
      );
      back = round.every((a) => a.status === 200);
    }
    await load.stop();

    const answers = load.answers;
    const slowest = Math.max(...answers.map((a) => a.ended - a.started));
    const met = answers.filter((a) => a.ended > frozen && a.started < thawed);
    console.log(
      `stalled host: ${met.length} requests met it, slowest answer ${Math.round(slowest)} ms (bound ${BOUND_MS} ms)`,
    );
    const late = answers.filter((a) => a.status === 0 || a.ended - a.started > BOUND_MS);
    expect(late.map((a) => `${a.label} ${a.status} ${Math.round(a.ended - a.started)} ms`)).toEqual(
      [],
    );
    // Sent once every process was stopped (a request under way may have had its rows already).
    const inFreeze = met.filter((a) => a.started > frozen && a.ended < thawed);
    expect(met.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(inFreeze.length).toBeGreaterThan(10);
    for (const answer of inFreeze) expectStoreUnavailable(answer);
    // Both limits were met: requests that held a connection and requests that waited for one.
    // Those holding one when the host stopped began before it, so every refusal that met the
    // stall counts here (after the first timeouts the pool has no connection left to hold).
    const reasons = met
      .filter((a) => a.status === 503)
      .map((a) => JSON.parse(a.body).error.message)
      .join('\n');
    expect(reasons).toContain('no answer within the query timeout');
    expect(reasons).toContain('no connection within the connect timeout');
    for (const answer of health) {
      expectStoreUnavailable(answer);
      expect(answer.ended - answer.started).toBeLessThanOrEqual(BOUND_MS);
    }
    expect(back).toBe(true);

    const outage = servers.lines.slice(firstLine);
    expectQuietLog(outage, 12);
    expect(notAccessLines(outage).join('\n')).toMatch(/database answering again after/);
    expectNoSecret(
      [...answers, ...health].map((a) => a.body),
      db.url,
    );
    expectNoSecret(servers.lines, db.url);
  }, 180_000);
});
