// The sync of the demo county through a proxy that offers only the published operations: the
// workspace answers as the demo does, record by record, for the synced vintages; the requests
// spent follow the documented formula; a second sync asks only for the vintage it lacks.
import { describe, expect, it } from 'vitest';
import { runSync } from './run-sync';
import { proxyBed } from './testing/proxy-bed';
import { demoFabric, expectSameAsDemo, idsIn } from './testing/sync-fixture';
import { syncOptions } from './testing/sync-options';
import { readManifest, readWorkspaceFabric } from './workspace-files';

const bed = proxyBed('sync-', demoFabric);
const { workspace } = bed;

describe('npm run sync through the published operations', () => {
  it('holds the newest two vintages exactly as the demo answers them, within the request formula', async () => {
    const dir = workspace();
    bed.proxy.seen.length = 0;
    const log: string[] = [];
    const manifest = await runSync(syncOptions(bed.proxy.url, dir, log));
    expect(manifest.fabricVintages).toEqual(['202412', '202506']);
    // The long step without requests is said before and timed after.
    const assembling = log.indexOf(
      'sync: every answer received; assembling the workspace from the journal',
    );
    expect(assembling).toBeGreaterThan(0);
    expect(log[assembling + 1]).toMatch(
      new RegExp(`^sync: ${manifest.locations} locations assembled in \\d+\\.\\d s; checking`),
    );
    expect(manifest.coverageVintages).toEqual(['202412', '202506']);
    const fabric = readWorkspaceFabric(dir, readManifest(dir)!);
    await expectSameAsDemo(bed.fabric, fabric, manifest.fabricVintages, manifest.coverageVintages);

    // Nothing but published operations was asked, each the number of times the formula says.
    const counts = bed.proxy.counts();
    expect(Object.keys(counts).filter((op) => op.startsWith('unpublished'))).toEqual([]);
    const older = idsIn(bed.fabric, ['202412']);
    const newest = new Set(idsIn(bed.fabric, ['202506']));
    const retired = older.filter((id) => !newest.has(id)).length;
    const chunks = (n: number, size: number) => Math.ceil(n / size);
    const parts = counts.collect3!;
    expect(parts).toBeGreaterThanOrEqual(2);
    expect(counts).toEqual({
      listApis: 1,
      fabricVintages: 1,
      coverageVintages: 1,
      boundary: 1,
      collect3: parts,
      // And per vintage the check of the workspace's own data records: fields, a sample of
      // the other fields (2 calls), one data.
      fields: 2,
      data: 2,
      bulk: 3 * (chunks(older.length, 1000) + chunks(newest.size, 1000)) + 2 * 2,
      fixedCoverageBulk: chunks(older.length, 1000) + chunks(newest.size, 1000),
      history: retired,
    });
    expect(retired).toBeGreaterThan(0);
    expect(manifest.requests['POST bulk']).toBe(counts.bulk);
  });

  it('checks history on a sample per vintage when it holds every fabric vintage, within the request formula', async () => {
    const dir = workspace();
    const every = bed.fabric.vintages.map((v) => v.vintage);
    bed.proxy.seen.length = 0;
    const manifest = await runSync({ ...syncOptions(bed.proxy.url, dir), fabric: every });
    expect(manifest.fabricVintages).toEqual(every);
    const counts = bed.proxy.counts();
    const newest = new Set(idsIn(bed.fabric, [every.at(-1)!]));
    const retired = idsIn(bed.fabric, every.slice(0, -1)).filter((id) => !newest.has(id)).length;
    // Per vintage min(4, the locations present in it or first present after it).
    const sampled = every.reduce((n, v, vi) => {
      const upTo = idsIn(bed.fabric, every.slice(0, vi + 1));
      const present = idsIn(bed.fabric, [v]).length;
      const later = idsIn(bed.fabric, every).length - upTo.length;
      return n + Math.min(4, present + later);
    }, 0);
    expect(sampled).toBe(4 * every.length);
    expect(counts.history).toBe(retired + sampled);
    const chunks = (n: number, size: number) => Math.ceil(n / size);
    expect(counts.bulk).toBe(
      3 * every.reduce((n, v) => n + chunks(idsIn(bed.fabric, [v]).length, 1000), 0) + 2 * 2,
    );
    for (const v of every)
      expect(manifest.localHistory?.vintages[v], v).toEqual({ answered: true });
    // A second sync asks nothing of history again: every answer is journaled.
    bed.proxy.seen.length = 0;
    await runSync({ ...syncOptions(bed.proxy.url, dir), fabric: every });
    expect(bed.proxy.counts().history).toBeUndefined();
  });

  it('asks again only for the vintage it does not hold yet', async () => {
    const dir = workspace();
    const first = { ...syncOptions(bed.proxy.url, dir), fabric: ['202412'], coverage: ['202412'] };
    await runSync(first);
    bed.proxy.seen.length = 0;
    const manifest = await runSync(syncOptions(bed.proxy.url, dir));
    expect(manifest.fabricVintages).toEqual(['202412', '202506']);
    const asked = bed.proxy.seen.map((r) => `${r.op} ${r.path}`);
    // 202412's locations and coverage come from the journal; its retired ones are asked
    // history of the newest vintage, which is new.
    expect(asked.filter((a) => a.includes('202412'))).toEqual([]);
    expect(asked.some((a) => a.startsWith('history /fabricext/202506/'))).toBe(true);
    expect(asked.some((a) => a.startsWith('bulk /fabric/202506/'))).toBe(true);
    expect(asked.filter((a) => a.startsWith('boundary'))).toEqual([]);
    const fabric = readWorkspaceFabric(dir, readManifest(dir)!);
    await expectSameAsDemo(bed.fabric, fabric, ['202412', '202506'], ['202412', '202506']);
  });
});
