import { booleanPointInPolygon } from '@turf/turf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../fabric-index';
import { createMemoryStore } from '../memory-store';
import type { Area, CollectLimits, CollectPart } from '../../store';
import { createUuidCodec } from '../../uuid-codec';
import { FIXTURE_ORIGIN } from '../../../testing/fixture-fabric';
import { SCATTER_SPAN, buildScatterFabric } from '../../../testing/scatter-fabric';
import { buildAreaIndex } from '../../rules/area-index';
import { createFabricCollector } from './collect-fabric';
import { collectStep } from './collect3';

const fabric = buildScatterFabric(20_000, 7);
const collector = createFabricCollector(buildFabricIndex(fabric));
const codec = createUuidCodec(fabric.seed);
const VINTAGES = fabric.vintages.map((v) => v.vintage);

/** A star-shaped (so simple) polygon: radii at increasing angles around a centre. */
const starArea = fc
  .record({
    cx: fc.double({ min: -1, max: 1, noNaN: true }),
    cy: fc.double({ min: -1, max: 1, noNaN: true }),
    radii: fc.array(fc.double({ min: 0.05, max: 1.2, noNaN: true }), {
      minLength: 3,
      maxLength: 12,
    }),
  })
  .map(({ cx, cy, radii }): Area => {
    const ring = radii.map((r, k): [number, number] => {
      const a = (2 * Math.PI * k) / radii.length;
      return [
        FIXTURE_ORIGIN.lng + SCATTER_SPAN * (cx + r * Math.cos(a)),
        FIXTURE_ORIGIN.lat + SCATTER_SPAN * (cy + r * Math.sin(a)),
      ];
    });
    return [[[...ring, ring[0]]]];
  });

const limits = fc.record({
  partSize: fc.integer({ min: 100, max: 4000 }),
  maxParts: fc.integer({ min: 3, max: 20 }),
});

/** Follows every part as the official client does, checking each answer's shape on the way. */
function collectAll(v: string, area: Area, lim: CollectLimits) {
  const uuids: string[] = [];
  let calls = 0;
  const visit = (part: CollectPart | null) => {
    calls++;
    const r = collector.collect(VINTAGES.indexOf(v), 'locations', area, part, lim)!;
    expect(r).not.toBeNull();
    // Data or parts, never both; data within the part size; parts within the fan-out.
    expect(r.uuids.length === 0 || r.parts.length === 0).toBe(true);
    expect(r.uuids.length).toBeLessThanOrEqual(lim.partSize);
    const nodes = r.parts.filter((p) => 'node' in p);
    expect(nodes.length).toBeLessThanOrEqual(lim.maxParts - 1);
    for (const p of r.parts)
      if ('points' in p) expect(p.points.length).toBeLessThanOrEqual(lim.partSize);
    uuids.push(...r.uuids);
    for (const p of r.parts) visit(p);
  };
  visit(null);
  return { uuids, calls };
}

describe('collect3 parts', () => {
  it('return every location of the vintage inside the area exactly once, whatever the limits', () => {
    fc.assert(
      fc.property(starArea, limits, fc.constantFrom(...VINTAGES), (area, lim, v) => {
        const vi = VINTAGES.indexOf(v);
        const { uuids } = collectAll(v, area, lim);
        const got = uuids.map((u) => codec.decode(u));
        for (const t of got) expect(t).toMatchObject({ layer: 0, vintageIndex: vi });
        const indexes = got.map((t) => t!.feature);
        expect(new Set(indexes).size).toBe(indexes.length);
        const polygon = { type: 'Polygon' as const, coordinates: area[0] };
        const expected: number[] = [];
        const loc = fabric.locations;
        for (let i = 0; i < loc.count; i++) {
          if (!(loc.presence[i] & (1 << vi))) continue;
          if (booleanPointInPolygon([loc.lng[i], loc.lat[i]], polygon, { ignoreBoundary: false }))
            expected.push(i);
        }
        expect(indexes.sort((a, b) => a - b)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('end even when a part is smaller than a leaf of the tree (partSize 3)', () => {
    const area = fc.sample(starArea, { numRuns: 1, seed: 5 })[0];
    const lim = { partSize: 3, maxParts: 4 };
    const { uuids, calls } = collectAll(VINTAGES[0], area, lim);
    const wide = collectAll(VINTAGES[0], area, { partSize: 5000, maxParts: 64 }).uuids;
    expect(uuids.length).toBeGreaterThan(100);
    expect(uuids.sort()).toEqual(wide.sort());
    expect(calls).toBeGreaterThan(uuids.length / 3);
  });

  it('answer a small area at once and a large one in parts', () => {
    const lim = { partSize: 500, maxParts: 8 };
    const small: Area = [
      [
        [
          [FIXTURE_ORIGIN.lng, FIXTURE_ORIGIN.lat],
          [FIXTURE_ORIGIN.lng + 0.002, FIXTURE_ORIGIN.lat],
          [FIXTURE_ORIGIN.lng + 0.002, FIXTURE_ORIGIN.lat + 0.002],
          [FIXTURE_ORIGIN.lng, FIXTURE_ORIGIN.lat],
        ],
      ],
    ];
    const first = collector.collect(4, 'locations', small, null, lim)!;
    expect(first.parts).toEqual([]);
    expect(first.uuids.length).toBeGreaterThan(0);
    const s = SCATTER_SPAN * 2;
    const { lng, lat } = FIXTURE_ORIGIN;
    const whole: Area = [
      [
        [
          [lng - s, lat - s],
          [lng + s, lat - s],
          [lng + s, lat + s],
          [lng - s, lat + s],
          [lng - s, lat - s],
        ],
      ],
    ];
    const all = collectAll(VINTAGES[4]!, whole, lim);
    // 20,000 positions in parts of at most 500: dozens of calls, nested below the fan-out.
    expect(all.calls).toBeGreaterThan(20_000 / 500);
    const present = fabric.locations.presence.filter((p) => p & (1 << 4)).length;
    expect(all.uuids.length).toBe(present);
  });

  it('read at most the part size in positions per call, plus the medians it splits off', () => {
    const ix = buildFabricIndex(fabric);
    let reads = 0;
    const layer = { tree: ix.points, present: () => (reads++, true) };
    const s = SCATTER_SPAN * 2;
    const { lng, lat } = FIXTURE_ORIGIN;
    const area = buildAreaIndex([
      [
        [
          [lng - s, lat - s],
          [lng + s, lat - s],
          [lng, lat + s],
          [lng - s, lat - s],
        ],
      ],
    ]);
    const lim = { partSize: 700, maxParts: 6 };
    const queue: (CollectPart | null)[] = [null];
    let calls = 0;
    while (queue.length > 0) {
      reads = 0;
      const step = collectStep(layer, area, queue.shift()!, lim)!;
      calls++;
      expect(reads).toBeLessThanOrEqual(lim.partSize + 4 * lim.maxParts);
      if ('parts' in step) queue.push(...step.parts);
    }
    expect(calls).toBeGreaterThan(20);
  });

  it('refuse a part that is no subtree of the layer', async () => {
    const lim = { partSize: 100, maxParts: 4 };
    const s = SCATTER_SPAN;
    const { lng, lat } = FIXTURE_ORIGIN;
    const area: Area = [
      [
        [
          [lng - s, lat - s],
          [lng + s, lat - s],
          [lng, lat + s],
          [lng - s, lat - s],
        ],
      ],
    ];
    expect(collector.collect(0, 'locations', area, { node: [3, 9000] }, lim)).toBeNull();
    expect(collector.collect(0, 'locations', area, { points: [20_000] }, lim)).toBeNull();
    // The store answers null for a vintage it does not hold, rather than throwing.
    const store = createMemoryStore(fabric);
    expect(await store.collect('209901', 'locations', area, null, lim)).toBeNull();
  });
});
