// The sync of several counties and of a state, through a proxy offering only the published
// operations, over a service fabric of two counties (testing/two-counties.ts): the workspace
// answers as the service does, record by record, over both; the requests per operation follow
// the documented formula summed over counties; a county added later asks only for its own data
// and keeps the others; a state is synced as its counties.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceStamp } from '../../shared/capabilities';
import type { Fabric } from '../service/store/fabric';
import { runSync } from './run-sync';
import { startPublishedProxy, type PublishedProxy } from './published-proxy';
import { demoFabric, expectSameAsDemo } from './testing/sync-fixture';
import { COUNTY, syncOptions } from './testing/sync-options';
import { NEIGHBOUR, twoCountyFabric } from './testing/two-counties';
import { readWorkspaceFabric } from './workspace-files';

let service: Fabric;
let proxy: PublishedProxy;
const dirs: string[] = [];
const workspace = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sync-counties-'));
  dirs.push(dir);
  return dir;
};
const VINTAGES = ['202412', '202506'];
const chunks = (n: number, size: number) => Math.ceil(n / size);

/** The service's location_ids of a county present in the vintages, ascending. */
function idsOf(county: string, vintages: string[]): number[] {
  const k = service.counties!.findIndex((c) => c.geoid === county);
  const bits = vintages.reduce(
    (b, v) => b | (1 << service.vintages.findIndex((x) => x.vintage === v)),
    0,
  );
  const { locationId, presence, county: column } = service.locations;
  return Array.from(locationId).filter((_, i) => column![i] === k && presence[i]! & bits);
}

/**
 * Requests per operation the README's formula gives for these counties, from nothing (or, with
 * `fieldsJournaled`, beside a workspace whose vintages' fields are journaled already).
 */
function formula(counties: string[], collect3: number, fieldsJournaled = false) {
  const retired = (c: string) => {
    const newest = new Set(idsOf(c, ['202506']));
    return idsOf(c, ['202412']).filter((id) => !newest.has(id)).length;
  };
  const sum = (f: (c: string) => number) => counties.reduce((s, c) => s + f(c), 0);
  // Each vintage's locations, and each coverage vintage over its own release's.
  const perVintage = (c: string) =>
    VINTAGES.reduce((s, v) => s + chunks(idsOf(c, [v]).length, 1000), 0);
  return {
    listApis: 1,
    fabricVintages: 1,
    coverageVintages: 1,
    boundary: counties.length,
    collect3,
    // Per vintage the check of the workspace's own data records: its fields (once per
    // journal), a sample of the other fields (2 calls) and one data, for the new sample.
    ...(fieldsJournaled ? {} : { fields: VINTAGES.length }),
    data: VINTAGES.length,
    bulk: 3 * sum(perVintage) + 2 * VINTAGES.length,
    fixedCoverageBulk: sum(perVintage),
    history: sum(retired),
  };
}

beforeAll(async () => {
  service = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(service);
});
afterAll(async () => {
  await proxy.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('npm run sync over several counties and a state', () => {
  it('holds two counties as the service answers them, within the request formula', async () => {
    expect(idsOf(NEIGHBOUR, ['202506']).length).toBeGreaterThan(1000);
    const dir = workspace();
    proxy.seen.length = 0;
    const manifest = await runSync({
      ...syncOptions(proxy.url, dir),
      counties: [COUNTY, NEIGHBOUR],
    });
    expect(manifest.areas.map((a) => a.geoid)).toEqual([NEIGHBOUR, COUNTY]);
    await expectSameAsDemo(service, readWorkspaceFabric(dir, manifest), VINTAGES, VINTAGES);
    const counts = proxy.counts();
    // A part at least for each county and vintage.
    expect(counts.collect3).toBeGreaterThanOrEqual(2 * 2);
    expect(counts).toEqual(formula([COUNTY, NEIGHBOUR], counts.collect3!));
    expect(formula([NEIGHBOUR], 0).history).toBeGreaterThan(0);
  });

  it('adds a county later asking only for its data, and keeps the other', async () => {
    const dir = workspace();
    await runSync(syncOptions(proxy.url, dir));
    proxy.seen.length = 0;
    const manifest = await runSync({ ...syncOptions(proxy.url, dir), counties: [NEIGHBOUR] });
    expect(manifest.areas.map((a) => a.geoid)).toEqual([NEIGHBOUR, COUNTY]);
    const counts = proxy.counts();
    expect(counts).toEqual(formula([NEIGHBOUR], counts.collect3!, true));
    // Nothing of the county held before: no boundary, no location_id of it in any body.
    const before = new Set(idsOf(COUNTY, VINTAGES).map(String));
    for (const r of proxy.seen) {
      expect(r.path).not.toContain(`id=${COUNTY}`);
      const ids = r.op === 'history' ? [r.path.split('location_id=')[1]!] : [];
      if (r.op === 'fixedCoverageBulk') ids.push(...(JSON.parse(r.body) as number[]).map(String));
      expect(ids.filter((id) => before.has(id))).toEqual([]);
    }
    await expectSameAsDemo(service, readWorkspaceFabric(dir, manifest), VINTAGES, VINTAGES);
  });

  it('syncs a state as its counties, named as a state in every stamp', async () => {
    const dir = workspace();
    proxy.seen.length = 0;
    const manifest = await runSync({ ...syncOptions(proxy.url, dir), counties: [], state: '17' });
    expect(manifest.areas).toHaveLength(102);
    expect(manifest.states).toEqual([{ geoid: '17', name: 'Illinois' }]);
    const counts = proxy.counts();
    expect(counts).toEqual(
      formula(
        manifest.areas.map((a) => a.geoid),
        counts.collect3!,
      ),
    );
    await expectSameAsDemo(service, readWorkspaceFabric(dir, manifest), VINTAGES, VINTAGES);
    const stamp = dataSourceStamp({
      kind: 'workspace',
      host: manifest.sourceHost,
      areas: manifest.areas,
      states: manifest.states,
      syncedAt: manifest.syncedAt,
    });
    expect(stamp).toMatch(
      /^Workspace: Illinois \(102 counties\) from 127\.0\.0\.1:\d+, synced \d{4}-/,
    );
  });
});
