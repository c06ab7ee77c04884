// The hexagon levels side by side on the memory store (docs/architecture.md, "The fixed
// broadband path"): the state view's res-5 tile (zoom 6), a res-6 tile (zoom 8) and the county's
// res-7 tile (zoom 9), each the densest of its zoom, in one run over one fabric. A coarse level
// is summed from the res-7 counts, so its figures should stay close to res 7's:
// - first: the first tile of a level on a store just opened (groups every location into its
//   res-7 cell, then counts), each level on its own store;
// - cold: a tile under filters no level has counted yet (a pass over the locations, then for a
//   coarse level the sums), on a warmed store;
// - summed: a coarse tile under filters res 7 has already counted (the sums alone);
// - cached: the same tile asked again.
// Run: npx tsx bench/hex-levels.ts [--locations N] (default 1,000,000).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { fixedFiltersRecord, type FixedFilters } from '../shared/fixed-status';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { createMemoryStore, warmMemoryStore } from '../server/service/store/memory/memory-store';
import { hexResolution } from '../server/service/store/rules/tile-grid';
import { tilesByCount } from './fixed-tiles';
import { currentLocations } from './workload';

const { values } = parseArgs({ options: { locations: { type: 'string' } } });
const LOCATIONS = Number(values.locations ?? 1_000_000);
const ROUNDS = 3;

const FILTER_SETS: FixedFilters[] = (['bead', '25/3', '100/20', '250/25', '1000/100'] as const)
  .flatMap((speed) => [
    { audience: 'residential' as const, speed, tech: 'any' as const, lowLatency: false },
    { audience: 'business' as const, speed, tech: 'wired' as const, lowLatency: true },
  ])
  .slice(0, 3 * ROUNDS + 1);

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => x.toFixed(x < 1 ? 3 : 1);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const fabric = await loadDemoFabric({ locations: LOCATIONS, log: (m) => console.log(`  ${m}`) });
const current = currentLocations(fabric);
const fv = fabric.vintages.at(-1)!.vintage;
const cv = fabric.fixedCoverage.at(-1)!.vintage;
const LEVELS = [6, 8, 9].map((z) => {
  const [tile, count] = tilesByCount(fabric, current, z)[0]!;
  const [x, y] = tile.split('/').map(Number) as [number, number];
  return { z, x, y, res: hexResolution(z)!, count };
});

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [performance.now() - started, value];
}

console.log(`${fabric.locations.count.toLocaleString('en-US')} locations; load ${load()}`);
const first: Record<number, number> = {};
for (const l of LEVELS) {
  const store = createMemoryStore(fabric);
  const [t] = await timed(() => store.fixedHexTile(cv, fv, l.z, l.x, l.y, FILTER_SETS[0]!));
  first[l.res] = t;
  await store.close();
}

const store = createMemoryStore(fabric);
await warmMemoryStore(store);
const cold: Record<number, number[]> = {};
const summed: Record<number, number[]> = {};
const cached: Record<number, number[]> = {};
const bytes: Record<number, number> = {};
let next = 1;
for (let round = 0; round < ROUNDS; round++) {
  // Each level under filters nobody has counted: interleaved, so a load swing hits them all.
  for (const l of LEVELS) {
    const f = FILTER_SETS[next++]!;
    const [t, tile] = await timed(() => store.fixedHexTile(cv, fv, l.z, l.x, l.y, f));
    (cold[l.res] ??= []).push(t);
    bytes[l.res] = tile.byteLength;
    const [hit] = await timed(() => store.fixedHexTile(cv, fv, l.z, l.x, l.y, f));
    (cached[l.res] ??= []).push(hit);
    // The res-7 tile's filters (counted by then) on the coarse levels: their sums alone.
    if (l.res === 7)
      for (const coarse of LEVELS.filter((c) => c.res !== 7)) {
        const { z, x, y, res } = coarse;
        const [s] = await timed(() => store.fixedHexTile(cv, fv, z, x, y, f));
        (summed[res] ??= []).push(s);
      }
  }
}
await store.close();

console.log(`load after: ${load()}`);
console.log('res  zoom  tile locations  bytes  first ms  cold ms (median)  summed ms  cached ms');
for (const l of LEVELS) {
  console.log(
    [
      l.res,
      l.z,
      l.count,
      bytes[l.res],
      ms(first[l.res]!),
      ms(median(cold[l.res]!)),
      summed[l.res] ? ms(median(summed[l.res]!)) : '-',
      ms(median(cached[l.res]!)),
    ].join('  '),
  );
}
const r7 = median(cold[7]!);
for (const l of LEVELS.filter((c) => c.res !== 7))
  console.log(
    `res ${l.res} / res 7, cold: ${(median(cold[l.res]!) / r7).toFixed(2)}; first: ${(first[l.res]! / first[7]!).toFixed(2)}; filters: ${JSON.stringify(fixedFiltersRecord(FILTER_SETS[0]!))}`,
  );
