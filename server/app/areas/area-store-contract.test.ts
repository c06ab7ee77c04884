// The saved areas' store contract, run alike against the file store and the database's: who
// may write what, versions, sharing, the per-person limit, and two writes at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateCluster, type PrivateCluster } from '../../postgis/testing/private-cluster';
import type { AreaContent, AreaStore } from './area-store';
import { openFileAreaStore } from './file-area-store';
import { openPostgisAreaStore } from './postgis-area-store';

const square = (name: string, at = 0): AreaContent => ({
  name,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-90 + at, 40],
        [-89.9 + at, 40],
        [-89.9 + at, 40.1],
        [-90 + at, 40],
      ],
    ],
  },
  source: 'draw',
  createdAt: 1_700_000_000_000 + at,
});

let cluster: PrivateCluster;
const folders: string[] = [];
let databases = 0;

beforeAll(async () => {
  cluster = await startPrivateCluster('areas');
}, 120_000);

afterAll(async () => {
  cluster?.stop();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

/** Each gives a fresh place to keep areas, and the way to open a store on it (again). */
const IMPLEMENTATIONS: [string, () => Promise<() => Promise<AreaStore>>][] = [
  [
    'file',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'areas-'));
      folders.push(dir);
      return async () => openFileAreaStore(dir, () => {});
    },
  ],
  [
    'postgis',
    async () => {
      const url = await cluster.createDatabase(`areas_${++databases}`);
      return () => openPostgisAreaStore(url);
    },
  ],
];

describe.each(IMPLEMENTATIONS)('the %s area store', (_name, place) => {
  const open = async () => (await place())();

  it('keeps an area for its owner, raising its version at each write', async () => {
    const store = await open();
    const first = await store.put('a1', 'ana', square('North'), 10);
    expect(first).toMatchObject({ kind: 'written', previous: null });
    const second = await store.put('a1', 'ana', square('North field'), 10);
    expect(second.kind).toBe('written');
    if (second.kind !== 'written') return;
    expect(second.area).toMatchObject({ name: 'North field', owner: 'ana', version: 2 });
    expect(second.area.shared).toBe(false);
    expect(second.previous).toMatchObject({ name: 'North', version: 1 });
    expect(await store.list('ana')).toEqual([second.area]);
    expect(await store.list('ben')).toEqual([]);
    await store.close();
  });

  it('lists a shared area to everyone and lets nobody else change it', async () => {
    const store = await open();
    await store.put('a1', 'ana', square('North'), 10);
    const shared = await store.setShared('a1', 'ana', true);
    expect(shared).toMatchObject({ kind: 'done', area: { shared: true, version: 1 } });
    expect((await store.list('ben')).map((a) => [a.id, a.owner])).toEqual([['a1', 'ana']]);
    expect(await store.put('a1', 'ben', square('Mine now'), 10)).toEqual({
      kind: 'not_yours',
      owner: 'ana',
    });
    expect(await store.remove('a1', 'ben')).toEqual({ kind: 'not_yours', owner: 'ana' });
    expect(await store.setShared('a1', 'ben', false)).toEqual({ kind: 'not_yours', owner: 'ana' });
    expect(await store.remove('zz', 'ben')).toEqual({ kind: 'missing' });
    // A new write keeps it shared.
    await store.put('a1', 'ana', square('North 2'), 10);
    expect((await store.list('ben'))[0]).toMatchObject({ name: 'North 2', shared: true });
    expect(await store.remove('a1', 'ana')).toMatchObject({ kind: 'done' });
    expect(await store.list('ana')).toEqual([]);
    await store.close();
  });

  it("refuses a person's area past the limit, but not a new version of one they keep", async () => {
    const store = await open();
    await store.put('a1', 'ana', square('One'), 2);
    await store.put('a2', 'ana', square('Two', 1), 2);
    expect(await store.put('a3', 'ana', square('Three', 2), 2)).toEqual({ kind: 'full' });
    expect((await store.put('a2', 'ana', square('Two again', 1), 2)).kind).toBe('written');
    expect((await store.put('b1', 'ben', square('Ben'), 2)).kind).toBe('written');
    await store.close();
  });

  it('orders writes of one area made at once: the last wins, none is lost', async () => {
    const store = await open();
    const names = Array.from({ length: 12 }, (_, i) => `Take ${i}`);
    const outcomes = await Promise.all(names.map((n) => store.put('a1', 'ana', square(n), 10)));
    const versions = outcomes.map((o) => (o.kind === 'written' ? o.area.version : 0));
    expect(versions.toSorted((a, b) => a - b)).toEqual(names.map((_, i) => i + 1));
    const last = outcomes[versions.indexOf(12)];
    const [kept] = await store.list('ana');
    expect(kept?.version).toBe(12);
    expect(last?.kind === 'written' && last.area.name).toBe(kept?.name);
    await store.close();
  });

  it('keeps what it wrote across a reopening', async () => {
    const reopen = await place();
    const store = await reopen();
    await store.put('a1', 'ana', square('Kept'), 10);
    await store.setShared('a1', 'ana', true);
    await store.close();
    const again = await reopen();
    expect(await again.list('ben')).toEqual([
      {
        ...square('Kept'),
        id: 'a1',
        owner: 'ana',
        shared: true,
        version: 1,
        updatedAt: expect.any(Number),
      },
    ]);
    await again.close();
  });
});
