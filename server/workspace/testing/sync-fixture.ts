// What the sync's tests share: a small demo fabric (the demo county), the options of a sync
// through a proxy, and the record-by-record comparison of a workspace with the demo.
import { expect } from 'vitest';
import { DEFAULT_SEED, generateFabric } from '../../demo/generate-fabric';
import type { Fabric } from '../../service/store/fabric';
import { createMemoryStore } from '../../service/store/memory/memory-store';
import type { SyncOptions } from '../run-sync';
import { TOKEN } from '../published-proxy';

export const COUNTY = '17167';

/** About 2,000 locations over five vintages: a few bulk chunks at a test's maxrequest. */
export const demoFabric = (): Fabric => generateFabric({ seed: DEFAULT_SEED, locations: 1500 });

export function syncOptions(url: string, workspaceDir: string, log: string[] = []): SyncOptions {
  return {
    access: { url, token: TOKEN, tokenType: 'Bearer', auth: 'bearer' },
    counties: [COUNTY],
    ratePerMinute: 100_000,
    concurrency: 4,
    credits: null,
    workspaceDir,
    log: (line) => log.push(line),
    retryDelayMs: 20,
  };
}

/** The demo's location_ids present in any of the vintages, ascending. */
export function idsIn(fabric: Fabric, vintages: string[]): number[] {
  const bits = vintages.reduce(
    (b, v) => b | (1 << fabric.vintages.findIndex((x) => x.vintage === v)),
    0,
  );
  const out: number[] = [];
  fabric.locations.presence.forEach((p, i) => {
    if (p & bits) out.push(fabric.locations.locationId[i]!);
  });
  return out;
}

const FIELDS = [
  'location_id',
  'address_primary',
  'city',
  'state',
  'zip',
  'zip_suffix',
  'unit_count',
  'bsl_flag',
  'building_type_code',
  'land_use_code',
  'county_geoid',
  'block_geoid',
  'h3_res9_id',
  'h3_res8_id',
  'served_status',
  'max_down_mbps',
  'max_up_mbps',
  'provider_count',
  'fiber_provider_count',
  'latitude',
  'longitude',
];

/**
 * The workspace answers as the demo does for the synced vintages, record by record: the
 * location records (addresses and the coverage-derived fields), the fixed coverage records, the
 * presence in each vintage and the retirement equivalents.
 */
export async function expectSameAsDemo(
  demo: Fabric,
  workspace: Fabric,
  fabricVintages: string[],
  coverageVintages: string[],
) {
  const ids = idsIn(demo, fabricVintages);
  expect(Array.from(workspace.locations.locationId)).toEqual(ids);
  const a = createMemoryStore(demo);
  const b = createMemoryStore(workspace);
  for (const v of fabricVintages) {
    const present = idsIn(demo, [v]);
    const [ra, rb] = await Promise.all(
      [a, b].map((s) => s.bulkLocations(v, { location_id: present }, FIELDS)),
    );
    expect(rb).toHaveLength(present.length);
    expect(rb).toEqual(ra);
  }
  for (const cv of coverageVintages) {
    const [fa, fb] = await Promise.all([a, b].map((s) => s.fixedCoverage(cv, ids)));
    expect(fb.length).toBeGreaterThan(0);
    expect(fb).toEqual(fa);
  }
  const newest = demo.vintages.findIndex((x) => x.vintage === fabricVintages.at(-1));
  const rowOf = new Map(Array.from(demo.locations.locationId, (id, i) => [id, i]));
  const equivalents = ids.map((id) => {
    const i = rowOf.get(id)!;
    return demo.locations.presence[i]! & (1 << newest) ? 0 : demo.locations.reLocationId[i];
  });
  expect(Array.from(workspace.locations.reLocationId)).toEqual(equivalents);
  await Promise.all([a.close(), b.close()]);
}
