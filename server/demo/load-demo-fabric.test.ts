import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeFabric, FABRIC_FORMAT_VERSION } from './fabric-codec';
import { generateFabric } from './generate-fabric';
import { loadDemoFabric } from './load-demo-fabric';

const bytesOf = (chunks: Uint8Array[]) => Buffer.concat(chunks);

describe('demo fabric', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('is byte-for-byte the same for the same seed, and differs for another seed', () => {
    const a = bytesOf(encodeFabric(generateFabric({ seed: 7, locations: 3000 })));
    const b = bytesOf(encodeFabric(generateFabric({ seed: 7, locations: 3000 })));
    const c = bytesOf(encodeFabric(generateFabric({ seed: 8, locations: 3000 })));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('writes a cache once and reads back the same fabric', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'demo-cache-'));
    dirs.push(cacheDir);
    const first = await loadDemoFabric({ seed: 3, locations: 2000, cacheDir });
    expect(await readdir(cacheDir)).toEqual([`demo-3-2000-v${FABRIC_FORMAT_VERSION}.bin`]);
    const second = await loadDemoFabric({ seed: 3, locations: 2000, cacheDir });
    expect(bytesOf(encodeFabric(second)).equals(bytesOf(encodeFabric(first)))).toBe(true);
    expect(second.locations.count).toBe(first.locations.count);
  });

  it('has ids sorted and unique from 1,000,000,000, and each record in its vintage', () => {
    const f = generateFabric({ seed: 11, locations: 3000 });
    const ids = f.locations.locationId;
    expect(ids[0]).toBeGreaterThanOrEqual(1_000_000_000);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]);
    expect(f.vintages).toHaveLength(5);
    expect(f.fixedCoverage).toHaveLength(5);
    expect(f.mobileCoverage).toHaveLength(5);
    const newest = 1 << (f.vintages.length - 1);
    let current = 0;
    for (let i = 0; i < f.locations.count; i++) if (f.locations.presence[i] & newest) current++;
    expect(current).toBeGreaterThan(2500);
    expect(current).toBeLessThan(3500);
  });
});
