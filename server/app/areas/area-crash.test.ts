// kill -9 of the app server during a burst of saves: every save it acknowledged before the kill
// is there after a restart over the same folder, and no area file is ever half written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { hashPassword } from '../auth/password-hash';
import { CookieClient } from '../auth/testing/auth-servers';
import { writeUsers } from '../auth/users-file';
import { startChildAppServer, type ChildAppServer } from './testing/child-app-server';

const dirs: string[] = [];
const running: ChildAppServer[] = [];
afterAll(async () => {
  for (const server of running) await server.kill9();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A valid circle of `n` vertices: a few hundred kilobytes, so a kill lands mid-write often. */
function circle(n: number, at: number) {
  const ring = Array.from({ length: n }, (_, i) => {
    const t = (2 * Math.PI * i) / n;
    return [-90 + at + 0.0123456789 * Math.cos(t), 40 + 0.0123456789 * Math.sin(t)];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

/**
 * Waits (10 s at most) until a write is under way in the folder: a temporary file, or an area
 * file shorter than a whole one (what a write in place would leave); its name, or null.
 */
async function writeUnderWay(dir: string): Promise<string | null> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const sizes = readdirSync(dir).flatMap((name) => {
      try {
        return [{ name, size: statSync(join(dir, name)).size }];
      } catch {
        return [];
      }
    });
    const whole = Math.max(...sizes.map((f) => f.size));
    const cut = sizes.find((f) => f.name.endsWith('.tmp') || f.size < whole * 0.9);
    if (cut) return cut.name;
    await new Promise((done) => setImmediate(done));
  }
  return null;
}

async function signedIn(url: string): Promise<CookieClient> {
  const client = new CookieClient(url);
  expect((await client.signInJson('ana', 'ana-long-password')).status).toBe(200);
  return client;
}

it('loses no acknowledged save when the server is killed mid-burst', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'areas-crash-'));
  dirs.push(dir);
  writeUsers(join(dir, 'users'), new Map([['ana', await hashPassword('ana-long-password')]]));
  const areasDir = join(dir, 'areas');
  const env = {
    APP_AUTH: 'password',
    APP_USERS_FILE: join(dir, 'users'),
    APP_USAGE_FILE: join(dir, 'usage.jsonl'),
    APP_AREAS_DIR: areasDir,
    APP_AREAS_PER_PERSON: '100000',
    SERVICE_WORKERS: '0',
    DEMO_LOCATIONS: '2000',
  };
  const first = await startChildAppServer(env);
  running.push(first);
  const ana = await signedIn(first.url);
  const geometry = circle(20_000, 0);
  /** The name of each area's last acknowledged write. */
  const acknowledged = new Map<string, string>();
  const burst = { killed: false };
  let enough = () => {};
  const reached = new Promise<void>((done) => (enough = done));
  const writer = async (w: number) => {
    for (let n = 0; !burst.killed; n++) {
      // A new area, then a new version of the writer's own: both kinds of write are cut.
      for (const id of [`w${w}-${n}`, `w${w}`]) {
        const name = `writer ${w} take ${n}`;
        try {
          const res = await ana.send(`/api/areas/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name, geometry, source: 'draw', createdAt: n }),
          });
          if (res.ok) acknowledged.set(id, name);
          if (acknowledged.size >= 40) enough();
          if (!res.ok) throw new Error(`save refused: ${res.status} ${await res.text()}`);
        } catch (err) {
          if (!burst.killed) throw err;
          return;
        }
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  // A writer refused before the kill fails the test here rather than waiting forever.
  await Promise.race([reached, Promise.all(writers)]);
  const caught = await writeUnderWay(areasDir);
  burst.killed = true;
  await first.kill9();
  await Promise.all(writers);

  // Every area file on disk is whole; only a temporary copy may be cut short.
  const files = readdirSync(areasDir);
  for (const name of files.filter((f) => f.endsWith('.json')))
    expect(() => JSON.parse(readFileSync(join(areasDir, name), 'utf8'))).not.toThrow();

  const second = await startChildAppServer(env);
  running.push(second);
  {
    const res = await (await signedIn(second.url)).send('/api/areas');
    const { areas } = (await res.json()) as { areas: { id: string; name: string }[] };
    const kept = new Map(areas.map((a) => [a.id, a.name]));
    for (const [id, name] of acknowledged) {
      // The acknowledged write, or one sent after it that landed before the kill.
      const take = (text: string | undefined) => Number(/take (\d+)$/.exec(text ?? '')?.[1] ?? -1);
      expect(kept.has(id), `${id} was acknowledged`).toBe(true);
      expect(take(kept.get(id))).toBeGreaterThanOrEqual(take(name));
    }
    console.log(
      `${acknowledged.size} saves acknowledged before kill -9, sent while ${caught ?? 'no file'} was being written; ${files.filter((f) => f.endsWith('.tmp')).length} temporary file(s) left, removed at restart`,
    );
    expect(readdirSync(areasDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }
}, 180_000);
