// Budgets per person over real HTTP in upstream mode (behind a trusted proxy that names each
// person): one person spending their day's credits or their minute's requests leaves the
// others working; the refusal says whose budget and when it frees; the usage log counts what
// each spent, survives a restart, and is read by admins only.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startFakeUpstream } from '../testing/fake-upstream';
import { requestFrom, startAuthApp, type AuthTestServer } from './testing/auth-servers';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).toReversed()) await r.close();
});

async function start(env: Record<string, string>, usageFile?: string) {
  const upstream = await startFakeUpstream();
  running.push(upstream);
  const server = await startAuthApp({
    SERVICE_URL: upstream.url,
    SERVICE_TOKEN: 't',
    APP_RATE_LIMIT: 'off',
    APP_AUTH: 'proxy',
    TRUSTED_PROXIES: '127.0.0.1',
    APP_ADMINS: 'boss',
    ...(usageFile ? { APP_USAGE_FILE: usageFile } : {}),
    ...env,
  });
  running.push(server);
  return server;
}

let point = 0;
/** A locate (1 credit, never cached) at a new point each time, as `name`. */
function locate(server: AuthTestServer, name: string) {
  point += 1;
  return requestFrom(
    `${server.app.url}/api/fabricext/202506/locate?latitude=39.8&longitude=-89.${point}`,
    '127.0.0.1',
    { headers: { 'x-forwarded-user': name } },
  );
}

const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { code: string; message: string } }).error;

it('refuses a person past their credits for the day while another still works', async () => {
  const server = await start({ APP_USER_CREDITS_PER_DAY: '3' });
  for (let i = 0; i < 3; i++) expect((await locate(server, 'ana')).status).toBe(200);
  const refused = await locate(server, 'ana');
  expect(refused.status).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  const error = errorOf(refused.body);
  expect(error.code).toBe('rate_limited');
  expect(error.message).toMatch(
    /^ana's 3 upstream credits for \d{4}-\d\d-\d\d \(APP_USER_CREDITS_PER_DAY\) are spent/,
  );
  expect(error.message).toContain('midnight UTC');
  expect((await locate(server, 'ben')).status).toBe(200);
});

it('keeps the whole server under APP_CREDITS_PER_DAY', async () => {
  const server = await start({ APP_CREDITS_PER_DAY: '2' });
  expect((await locate(server, 'ana')).status).toBe(200);
  expect((await locate(server, 'ben')).status).toBe(200);
  const refused = await locate(server, 'cy');
  expect(refused.status).toBe(429);
  expect(errorOf(refused.body).message).toContain("the server's 2 upstream credits");
});

it('refuses a person past their requests a minute while another still works', async () => {
  const server = await start({ APP_USER_RATE_LIMIT: '2' });
  expect((await locate(server, 'ana')).status).toBe(200);
  expect((await locate(server, 'ana')).status).toBe(200);
  const refused = await locate(server, 'ana');
  expect(refused.status).toBe(429);
  expect(errorOf(refused.body).message).toMatch(
    /^ana's budget of 2 requests per minute \(APP_USER_RATE_LIMIT\) is spent; it frees in \d+ s/,
  );
  expect((await locate(server, 'ben')).status).toBe(200);
});

it('logs what each person spent, not counting cached answers, and shows it to admins only', async () => {
  const server = await start({});
  const fixed = '/api/coverage/bdcfixed?vintage=202506&location_id=1000000001';
  const asBen = { headers: { 'x-forwarded-user': 'ben' } };
  await locate(server, 'ana');
  await locate(server, 'ana');
  expect(
    (await requestFrom(`${server.app.url}${fixed}`, '127.0.0.1', asBen)).headers['x-cache'],
  ).toBe('miss');
  expect(
    (await requestFrom(`${server.app.url}${fixed}`, '127.0.0.1', asBen)).headers['x-cache'],
  ).toBe('hit');
  const refused = await requestFrom(`${server.app.url}/api/usage`, '127.0.0.1', asBen);
  expect(refused.status).toBe(403);
  expect(errorOf(refused.body).message).toContain('APP_ADMINS');
  const read = await requestFrom(`${server.app.url}/api/usage`, '127.0.0.1', {
    headers: { 'x-forwarded-user': 'boss' },
  });
  expect(read.status).toBe(200);
  const { days } = JSON.parse(read.body) as {
    days: Array<{ day: string; people: unknown[]; total: unknown }>;
  };
  expect(days).toHaveLength(1);
  expect(days[0]!.people).toEqual([
    { name: 'ana', requests: 2, credits: 2 },
    { name: 'ben', requests: 1, credits: 1 },
  ]);
  expect(days[0]!.total).toEqual({ requests: 3, credits: 3 });
  // The file has one line per upstream request; a restart reads it back.
  const file = `${server.dir}/usage.jsonl`;
  const lines = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatchObject({ name: 'ana', operation: 'locate', credits: 1 });
});

it('remembers the day spent across a restart', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'usage-'));
  running.push({ close: () => rm(dir, { recursive: true, force: true }) });
  const file = join(dir, 'usage.jsonl');
  const again = await start({ APP_USER_CREDITS_PER_DAY: '2' }, file);
  expect((await locate(again, 'ana')).status).toBe(200);
  expect((await locate(again, 'ana')).status).toBe(200);
  await again.app.close();
  const restarted = await start({ APP_USER_CREDITS_PER_DAY: '2' }, file);
  expect((await locate(restarted, 'ana')).status).toBe(429);
});
