// Saved areas over real HTTP, with password sign-in: two people, an area shared read-only, a
// stale write told what it replaced, bad bodies refused naming the rule, and the limits.
import { afterEach, describe, expect, it } from 'vitest';
import { CookieClient, startAuthApp, type AuthTestServer } from '../auth/testing/auth-servers';

const running: AuthTestServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

const PEOPLE = { ana: 'ana-long-password', ben: 'ben-long-password' };

async function signedIn(env: Record<string, string> = {}) {
  const server = await startAuthApp({ APP_AUTH: 'password', ...env }, PEOPLE);
  running.push(server);
  const ana = new CookieClient(server.app.url);
  const ben = new CookieClient(server.app.url);
  await ana.signInJson('ana', PEOPLE.ana);
  await ben.signInJson('ben', PEOPLE.ben);
  return { server, ana, ben };
}

const area = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-90, 40],
        [-89.9, 40],
        [-89.9, 40.1],
        [-90, 40],
      ],
    ],
  },
  source: 'draw',
  createdAt: 1_700_000_000_000,
  ...extra,
});

const put = (client: CookieClient, path: string, body: unknown) =>
  client.send(`/api/areas/${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

interface Listed {
  areas: { id: string; name: string; owner: string; mine: boolean; shared: boolean }[];
}
const list = async (client: CookieClient) =>
  (await (await client.send('/api/areas')).json()) as Listed;

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;

describe('saved areas of signed-in people', () => {
  it("keeps each person's own, and shows a shared one read-only to a colleague", async () => {
    const { ana, ben } = await signedIn();
    expect((await put(ana, 'north', area('North'))).status).toBe(201);
    expect((await list(ben)).areas).toEqual([]);
    const share = await put(ana, 'north/shared', { shared: true });
    expect(share.status).toBe(200);
    const [seen] = (await list(ben)).areas;
    expect(seen).toMatchObject({ id: 'north', owner: 'ana', mine: false, shared: true });
    const write = await put(ben, 'north', area('Mine now'));
    expect(write.status).toBe(403);
    expect(await errorOf(write)).toMatchObject({ code: 'area_not_yours' });
    expect((await ben.send('/api/areas/north', { method: 'DELETE' })).status).toBe(403);
    expect((await put(ben, 'north/shared', { shared: false })).status).toBe(403);
    expect((await list(ana)).areas[0]).toMatchObject({ name: 'North', mine: true });
    expect((await ana.send('/api/areas/north', { method: 'DELETE' })).status).toBe(200);
    expect((await list(ben)).areas).toEqual([]);
    expect(await errorOf(await ana.send('/api/areas/north', { method: 'DELETE' }))).toMatchObject({
      code: 'area_not_found',
    });
  });

  it('tells a stale writer which version its write replaced', async () => {
    const { ana } = await signedIn();
    await put(ana, 'north', area('North'));
    const fromTabOne = await put(ana, 'north', area('North field', { baseVersion: 1 }));
    expect(await fromTabOne.json()).toMatchObject({ area: { version: 2 } });
    // A second tab still holding version 1 writes: it wins, and is told what it replaced.
    const fromTabTwo = await put(ana, 'north', area('North farm', { baseVersion: 1 }));
    expect(fromTabTwo.status).toBe(200);
    const answer = (await fromTabTwo.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      area: { name: 'North farm', version: 3 },
      replaced: { name: 'North field', version: 2 },
    });
    const inOrder = await put(ana, 'north', area('North farm 2', { baseVersion: 3 }));
    expect(await inOrder.json()).not.toHaveProperty('replaced');
  });

  it('refuses bad bodies with 400, naming the rule', async () => {
    const { ana } = await signedIn();
    const crossing = area('Bow tie', {
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-90, 40],
            [-89, 41],
            [-89, 40],
            [-90, 41],
            [-90, 40],
          ],
        ],
      },
    });
    const cases: [unknown, string, string][] = [
      ['not json', 'invalid_parameter', 'not valid JSON'],
      [area('x'.repeat(201)), 'invalid_parameter', 'name'],
      [area('Odd', { source: 'guess' }), 'invalid_parameter', 'source'],
      [area('Odd', { geoid: '123' }), 'invalid_parameter', 'GEOID'],
      [crossing, 'invalid_geojson', 'intersects itself'],
    ];
    for (const [body, code, words] of cases) {
      const res = await put(ana, 'odd', body);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe(code);
      expect(error.message).toContain(words);
    }
    expect(await errorOf(await put(ana, 'bad.id', area('x')))).toMatchObject({
      code: 'invalid_parameter',
      details: { parameter: 'id' },
    });
  });

  it('bounds the areas one person keeps and the bytes of one area', async () => {
    const { ana, ben } = await signedIn({ APP_AREAS_PER_PERSON: '2' });
    expect((await put(ana, 'a1', area('One'))).status).toBe(201);
    expect((await put(ana, 'a2', area('Two'))).status).toBe(201);
    const third = await put(ana, 'a3', area('Three'));
    expect(third.status).toBe(409);
    expect(await errorOf(third)).toMatchObject({ code: 'too_many_areas' });
    expect((await put(ana, 'a2', area('Two again'))).status).toBe(200);
    expect((await put(ben, 'b1', area('Ben'))).status).toBe(201);
    // A circle of 40,000 vertices at full precision: valid, but more than 1 MiB as JSON.
    const ring = Array.from({ length: 40_000 }, (_, i) => {
      const t = (2 * Math.PI * i) / 40_000;
      return [-90 + 0.123456789 * Math.cos(t), 40 + 0.123456789 * Math.sin(t)];
    });
    ring.push(ring[0]!);
    const big = await put(
      ana,
      'a1',
      area('Big', { geometry: { type: 'Polygon', coordinates: [ring] } }),
    );
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toMatchObject({ details: { rule: 'max_area_bytes' } });
  });

  it('answers without a session with 401 JSON', async () => {
    const { server } = await signedIn();
    const res = await fetch(`${server.app.url}/api/areas`);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({ code: 'unauthenticated' });
  });
});

it('without sign-in, says the areas stay in the browser', async () => {
  const server = await startAuthApp({ APP_AUTH: 'none' });
  running.push(server);
  for (const [method, path] of [
    ['GET', '/api/areas'],
    ['PUT', '/api/areas/north'],
  ] as const) {
    const res = await fetch(`${server.app.url}${path}`, { method });
    expect(res.status).toBe(404);
    const error = await errorOf(res);
    expect(error.code).toBe('areas_in_browser');
    expect(error.message).toContain('stay in this browser');
  }
});
