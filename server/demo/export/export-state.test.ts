// The state demo at a small size: Delaware and Rhode Island (eight counties) together, and
// Rhode Island alone twice with one seed and once with another.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fabric } from '../../service/store/fabric';
import { countiesOfState } from '../county';
import { generateFabric, type GenerateOptions } from '../generate-fabric';
import { exportStates, MIN_COUNTY_LOCATIONS, planStates } from './export-state';
import type { Manifest } from './export-demo';

const STATES = ['44', '10'];
const LOCATIONS = 4000;
const RI = { states: ['44'], locations: 2000 };
let base = '';
let first: Manifest;
const events: string[] = [];
let held = 0;
let mostHeld = 0;

/** Every file under dir by its relative path, with its bytes. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const name of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const path = join(name.parentPath, name.name);
    out.set(path.slice(dir.length + 1), await readFile(path));
  }
  return out;
}

async function csvRows(dir: string, path: string): Promise<string[][]> {
  const text = await readFile(join(dir, path), 'utf8');
  return text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
}

/** Sizes each county is asked for, and the locations it made. */
const asked = new Map<string, number>();
const made = new Map<string, number>();

/** The generator, with some counties holding only 1/`by` of what they are asked (full). */
function fillsUp(full: string[], by: number) {
  return (opts: GenerateOptions): Fabric => {
    asked.set(opts.geoid!, opts.locations);
    const locations = full.includes(opts.geoid!) ? Math.round(opts.locations / by) : opts.locations;
    const fabric = generateFabric({ ...opts, locations });
    made.set(opts.geoid!, fabric.locations.count);
    return fabric;
  };
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'state-demo-'));
  // Counts the county fabrics alive between being made and written out: never more than one.
  const generate = (opts: GenerateOptions): Fabric => {
    events.push(`generate ${opts.geoid}`);
    held++;
    mostHeld = Math.max(mostHeld, held);
    return generateFabric(opts);
  };
  first = await exportStates(join(base, 'a'), {
    states: STATES,
    locations: LOCATIONS,
    seed: 7,
    generate,
    countyWritten: (county) => {
      held--;
      events.push(`written ${county.geoid}`);
    },
  });
  await exportStates(join(base, 'ri-a'), { ...RI, seed: 7 });
  await exportStates(join(base, 'ri-b'), { ...RI, seed: 7 });
  await exportStates(join(base, 'ri-c'), { ...RI, seed: 8 });
  await exportStates(join(base, 'ri-newest'), { ...RI, seed: 7, releases: ['202506'] });
  // Providence County (the fourth of five) made to fill up at half its share.
  await exportStates(join(base, 'ri-full'), { ...RI, seed: 7, generate: fillsUp(['44007'], 4) });
}, 300_000);

afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

describe('a state demo', () => {
  const counties = [...countiesOfState('10'), ...countiesOfState('44')];

  it('has every county of every state, each with locations in every release', async () => {
    expect(counties).toHaveLength(8);
    expect(first.counties).toEqual(counties);
    const releases = first.files.filter((m) => m.kind === 'locations');
    expect(releases).toHaveLength(10); // five releases of two states
    for (const f of releases) {
      const rows = await csvRows(join(base, 'a'), f.path);
      const perCounty = new Map<string, number>();
      for (const r of rows) perCounty.set(r[11], (perCounty.get(r[11]) ?? 0) + 1);
      const state = f.path.includes('_DE_') ? '10' : '44';
      expect([...perCounty.keys()].sort()).toEqual(counties.filter((c) => c.startsWith(state)));
      for (const n of perCounty.values()) expect(n).toBeGreaterThan(100);
      for (const r of rows) expect(r[12].startsWith(r[11])).toBe(true);
    }
  });

  it('splits the locations asked over the counties by their ZIP codes', () => {
    const plan = planStates(STATES, LOCATIONS, 7);
    expect(plan.reduce((s, c) => s + c.locations, 0)).toBe(LOCATIONS);
    for (const c of plan) expect(c.locations).toBeGreaterThanOrEqual(MIN_COUNTY_LOCATIONS);
    const providence = plan.find((c) => c.geoid === '44007')!;
    const bristol = plan.find((c) => c.geoid === '44001')!;
    expect(providence.zips).toBeGreaterThan(bristol.zips);
    expect(providence.locations).toBeGreaterThan(bristol.locations);
    expect(() => planStates(['17'], 10_000, 7)).toThrow(
      /102 counties need at least 30,600 locations \(300 each\); 10,000 were asked/,
    );
  });

  it('gives every location its own id, across counties and states and releases', async () => {
    const seen = new Map<string, string>();
    const ranges = new Map<string, [number, number]>();
    for (const f of first.files.filter((m) => m.kind === 'locations')) {
      for (const r of await csvRows(join(base, 'a'), f.path)) {
        const owner = seen.get(r[0]);
        if (owner !== undefined) expect(owner).toBe(r[11]);
        seen.set(r[0], r[11]);
        const id = Number(r[0]);
        const [lo, hi] = ranges.get(r[11]) ?? [id, id];
        ranges.set(r[11], [Math.min(lo, id), Math.max(hi, id)]);
      }
    }
    // Each county's ids are a range of their own.
    const sorted = [...ranges.values()].sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < sorted.length; k++) expect(sorted[k][0]).toBeGreaterThan(sorted[k - 1][1]);
    // A retirement's both ids are locations of the export.
    for (const f of first.files.filter((m) => m.kind === 'retirements')) {
      for (const [retired, equivalent] of await csvRows(join(base, 'a'), f.path)) {
        expect(seen.get(retired)).toBeDefined();
        expect(seen.get(retired)).toBe(seen.get(equivalent));
      }
    }
  });

  it('writes the same bytes for the same seed, and other bytes for another', async () => {
    const a = await filesOf(join(base, 'ri-a'));
    const b = await filesOf(join(base, 'ri-b'));
    const c = await filesOf(join(base, 'ri-c'));
    expect(a.size).toBeGreaterThan(40);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const differ = [...a].filter(([path, bytes]) => !bytes.equals(b.get(path)!));
    expect(differ.map(([path]) => path)).toEqual([]);
    const locations = [...a.keys()].filter((path) => path.includes('fabric_locations_'));
    expect(locations).toHaveLength(5);
    for (const path of locations) expect(a.get(path)!.equals(c.get(path)!)).toBe(false);
  });

  it('writes only the releases asked, the same bytes as among all five', async () => {
    const all = await filesOf(join(base, 'ri-a'));
    const newest = await filesOf(join(base, 'ri-newest'));
    const manifest = JSON.parse(newest.get('manifest.json')!.toString()) as Manifest;
    const tags = new Set(manifest.files.map((f) => f.vintage));
    expect([...tags]).toEqual(['202506']);
    expect(manifest.files.filter((f) => f.kind === 'parcels')[0].path).toBe(
      'layers/parcels_44_J25.geojson',
    );
    for (const f of manifest.files.filter((m) => m.vintage === '202506' && m.path.includes('/')))
      if (!f.path.startsWith('layers/'))
        expect(newest.get(f.path)!.equals(all.get(f.path)!)).toBe(true);
  });

  it('gives what a full county cannot hold to the counties after it, else refuses', async () => {
    const plan = new Map(planStates(RI.states, RI.locations, 7).map((c) => [c.geoid, c]));
    for (const c of ['44001', '44003', '44005', '44007'])
      expect(asked.get(c)).toBe(plan.get(c)!.locations);
    // Providence's shortfall, in current locations, all to Washington, the last county.
    const planned = Math.round(plan.get('44007')!.locations * 1.06);
    const short = Math.round((planned - made.get('44007')!) / 1.06);
    expect(short).toBeGreaterThan(100);
    expect(asked.get('44009')).toBe(plan.get('44009')!.locations + short);
    // The last counties full: nobody is left to take the rest.
    const lastFull = fillsUp(['44007', '44009'], 8);
    await expect(
      exportStates(join(base, 'ri-last-full'), { ...RI, seed: 7, generate: lastFull }),
    ).rejects.toThrow(/the state holds about [\d,]+ current locations at most; 2,000 were asked/);
  });

  it('holds one county at a time: each written out before the next is made', () => {
    expect(mostHeld).toBe(1);
    expect(events).toEqual(counties.flatMap((c) => [`generate ${c}`, `written ${c}`]));
  });

  it('has providers by area: more than one county has, the same satellites everywhere', async () => {
    const providers = new Map<string, Set<string>>();
    for (const f of first.files.filter((m) => m.kind === 'fixed')) {
      for (const r of await csvRows(join(base, 'a'), f.path)) {
        const county = r[10].slice(0, 5);
        providers.set(county, (providers.get(county) ?? new Set()).add(r[1]));
      }
    }
    const all = new Set([...providers.values()].flatMap((s) => [...s]));
    for (const s of providers.values()) expect(s.size).toBeLessThanOrEqual(9);
    expect(all.size).toBeGreaterThan(9);
    for (const satellite of ['230081', '230095'])
      for (const s of providers.values()) expect(s.has(satellite)).toBe(true);
  });

  it('never repeats a mobile record where counties meet', async () => {
    for (const f of first.files.filter((m) => m.kind === 'mobile' && m.vintage === '202506')) {
      const rows = await csvRows(join(base, 'a'), f.path);
      // The import's key of a mobile record (csv-kinds.ts).
      const keys = new Set(rows.map((r) => [r[3], r[1], r[4], r[8], r[5], r[6]].join()));
      expect(keys.size).toBe(rows.length);
    }
  });
});
