// The PostGIS database going down under load and coming back, through both servers over real
// HTTP: meanwhile every request is answered 503 store_unavailable with Retry-After (never 500,
// never a 400 blaming the client), health says the database is unreachable, the log says so in
// a few lines and never with a stack, nothing shows the password; once the database is back the
// same servers answer again, without a restart.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../../../app/start-app-server';
import { ask, databaseCalls, startLoad, type Answer } from './testing/database-calls';
import {
  importIntoCluster,
  startServersOverDatabase,
  type ImportedCluster,
  type ServersOverDatabase,
} from './testing/database-outage';
import { startResetProxy } from './testing/reset-proxy';
import {
  expectNoSecret,
  expectQuietLog,
  expectStoreUnavailable,
  notAccessLines,
} from './testing/outage-checks';

let db: ImportedCluster;
let servers: ServersOverDatabase;
/** Asked nothing before the outage: what a store reads once and keeps must not keep a failure. */
let cold: ServersOverDatabase;

beforeAll(async () => {
  db = await importIntoCluster(31, 800);
  const env = {
    DATABASE_POOL_SIZE: '4',
    DATABASE_STATEMENT_TIMEOUT_S: '5',
    DATABASE_CONNECT_TIMEOUT_S: '2',
  };
  servers = await startServersOverDatabase(db.url, env);
  cold = await startServersOverDatabase(db.url, env);
}, 120_000);

afterAll(async () => {
  await cold?.close();
  await servers?.close();
  db?.cluster.stop();
});

const health = async (url: string) => ask(() => ({ label: 'health', url }), 0, 10_000);
const healthOf = () => [`${servers.app}/api/health`, `${servers.service}/health`];

/** Polls until every call answers 200 (the database is back), within `ms`. */
async function untilAnswering(ms: number, over = servers): Promise<void> {
  const calls = databaseCalls(db.fabric, over);
  const deadline = performance.now() + ms;
  let last: Answer[] = [];
  for (let n = 0; performance.now() < deadline; n++) {
    last = await Promise.all(calls.map((call, k) => ask(call, n * 100 + k, 10_000)));
    if (last.every((a) => a.status === 200)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const refused = last.filter((a) => a.status !== 200).map((a) => `${a.label}: ${a.body}`);
  throw new Error(
    `the servers did not answer again within ${ms} ms of the database's return: ${refused.join('; ')}`,
  );
}

describe('a database that goes down under load', () => {
  it('is answered 503 store_unavailable meanwhile, and served again once back', async () => {
    const calls = databaseCalls(db.fabric, servers);
    const load = startLoad(calls, 6, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = load.answers.length;
    const firstLine = servers.lines.length;
    db.cluster.halt();
    const down = performance.now();
    const coldLoad = startLoad(databaseCalls(db.fabric, cold), 3, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const healthDown = await Promise.all(healthOf().map(health));
    db.cluster.resume();
    const up = performance.now();
    // Within a minute each: a busy machine's restarted server and new pool connections can take
    // a while (alone this takes a few seconds).
    await untilAnswering(60_000);
    await untilAnswering(60_000, cold);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await load.stop();
    await coldLoad.stop();
    const healthUp = await Promise.all(healthOf().map(health));

    const answers: Answer[] = [...load.answers, ...coldLoad.answers];
    expect(load.answers.slice(0, before).every((a) => a.status === 200)).toBe(true);
    // Every request is answered 200 or 503, whatever moment of the outage it met.
    const odd = answers.filter((a) => a.status !== 200 && a.status !== 503);
    expect(odd.map((a) => `${a.label} ${a.status} ${a.body}`)).toEqual([]);
    const during = answers.filter((a) => a.started > down && a.ended < up);
    expect(during.length).toBeGreaterThan(20);
    for (const answer of during) expectStoreUnavailable(answer);
    // Each kind of request met the outage.
    expect(new Set(during.map((a) => a.label)).size).toBe(calls.length);
    for (const answer of healthDown) {
      expectStoreUnavailable(answer);
      expect(JSON.parse(answer.body).error.message).toContain('connection refused');
    }
    expect(healthUp.map((a) => a.status)).toEqual([200, 200]);
    expect(load.answers.at(-1)!.status).toBe(200);
    expect(coldLoad.answers.at(-1)!.status).toBe(200);

    const outage = servers.lines.slice(firstLine);
    console.log(
      `database down: ${during.length} requests answered 503 meanwhile, ${notAccessLines(outage).length} log lines besides access lines`,
    );
    // Two stores (the app server's and the service's), each with a line when the outage starts,
    // one when it ends, one per idle connection lost, maybe a blip while sessions are ended one
    // by one: a dozen at most, for hundreds of refused requests.
    expectQuietLog(outage, 12);
    const said = notAccessLines(outage).join('\n');
    expect(said).toMatch(/database unavailable \(.+\): answering 503 store_unavailable/);
    expect(said).toMatch(/database answering again after [\d.]+ s \(\d+ calls refused\)/);
    expectNoSecret(
      [...answers, ...healthDown].map((a) => a.body),
      db.url,
    );
    expectNoSecret(servers.lines, db.url);
    expectQuietLog(cold.lines, 10);
    expectNoSecret(cold.lines, db.url);
  }, 180_000);
});

describe('database connections reset by the network', () => {
  it('are answered 503 store_unavailable, never as the client closing its connection', async () => {
    const proxy = await startResetProxy(db.cluster.port);
    const url = db.url.replace(`:${db.cluster.port}/`, `:${proxy.port}/`);
    const over = await startServersOverDatabase(url, { DATABASE_POOL_SIZE: '2' });
    try {
      const calls = databaseCalls(db.fabric, over);
      const each = (from: number) =>
        Promise.all(calls.map((call, k) => ask(call, from + k, 10_000)));
      expect((await each(0)).map((a) => a.status)).toEqual(calls.map(() => 200));
      proxy.reset();
      const refused = await each(100);
      for (const answer of refused) expectStoreUnavailable(answer);
      expect(refused.map((a) => JSON.parse(a.body).error.message).join()).toContain(
        'connection reset',
      );
      proxy.relay();
      await untilAnswering(30_000, over);
      expectQuietLog(over.lines, 8);
    } finally {
      await over.close();
      await proxy.close();
    }
  });
});

describe('a DATABASE_URL that cannot be read', () => {
  it('stops npm start and npm run service with a message naming the variable, not its value', async () => {
    const url = 'postgres://planner:pw-in-url@db.example:99999/fabric';
    const env = { STORE: 'postgis', DATABASE_URL: url, SERVICE_WORKERS: '0' };
    const start = startAppServer({ env, log: () => {}, host: '127.0.0.1', port: 0 });
    await expect(start).rejects.toThrow(/^DATABASE_URL cannot be read as a database URL/);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/service/main.ts'], {
      env: { ...process.env, ...env, PORT: '0', SERVICE_TOKENS: 't' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/DATABASE_URL cannot be read as a database URL: write it as/);
    expect(run.stderr + run.stdout).not.toMatch(/pw-in-url|db\.example/);
  }, 60_000);
});
