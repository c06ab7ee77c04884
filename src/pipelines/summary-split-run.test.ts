import { describe, expect, it } from 'vitest';
import { booleanPointInPolygon } from '@turf/turf';
import type { Polygon } from 'geojson';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import {
  partPlan,
  summarizeSplit,
  type CountPart,
  type PartOutcome,
  type SummarizePart,
} from './summary-split-run';
import type { SummaryRow } from '../api/schemas';
import { mergeSummaries, rowGroupKey } from './summary-merge';

interface Place {
  lng: number;
  lat: number;
  type: string;
  units: number;
  speed: number;
}

// Deterministic points clustered like a town in a county, some on 6-decimal coordinates.
function places(count: number): Place[] {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: count }, (_, i) => {
    const town = i % 3 !== 0;
    const lng = town ? -89.65 + (random() - 0.5) * 0.1 : -89.99 + random() * 0.77;
    const lat = town ? 39.78 + (random() - 0.5) * 0.1 : 39.52 + random() * 0.48;
    return {
      lng: Math.round(lng * 1e6) / 1e6,
      lat: Math.round(lat * 1e6) / 1e6,
      type: ['R', 'B', 'X'][i % 3]!,
      units: 1 + (i % 5),
      speed: 0.1 * (i % 7),
    };
  });
}

/** What the service does: count the points inside, grouped by type, or refuse past maxcount. */
function fakeService(points: Place[], maxcount: number, calls: AreaGeometry[] = []): SummarizePart {
  return async (area) => {
    calls.push(area);
    const inside = points.filter((p) => booleanPointInPolygon([p.lng, p.lat], area));
    if (inside.length > maxcount)
      return { ok: false, locationcount: inside.length, maxcount } satisfies PartOutcome;
    const groups = new Map<string, SummaryRow>();
    for (const p of inside) {
      const row = groups.get(p.type) ?? {
        building_type_code: p.type,
        locationcount: 0,
        unit_count_cnt: 0,
        unit_count_sum: 0,
        max_down_mbps_cnt: 0,
        max_down_mbps_sum: 0,
      };
      row.locationcount = (row.locationcount as number) + 1;
      row.unit_count_cnt = (row.unit_count_cnt as number) + 1;
      row.unit_count_sum = (row.unit_count_sum as number) + p.units;
      row.max_down_mbps_cnt = (row.max_down_mbps_cnt as number) + 1;
      row.max_down_mbps_sum = (row.max_down_mbps_sum as number) + p.speed;
      groups.set(p.type, row);
    }
    const data = [...groups.values()].map((row) => ({
      ...row,
      unit_count_avg: (row.unit_count_sum as number) / (row.unit_count_cnt as number),
      max_down_mbps_avg: (row.max_down_mbps_sum as number) / (row.max_down_mbps_cnt as number),
    }));
    return { ok: true, result: { data, locationcount: inside.length, maxcount } };
  };
}

const county: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-89.99, 39.52],
      [-89.22, 39.52],
      [-89.22, 40.0],
      [-89.99, 40.0],
      [-89.99, 39.52],
    ],
  ],
};
const fields = ['building_type_code', 'unit_count', 'max_down_mbps'];

function byGroup(rows: SummaryRow[]): Map<string, SummaryRow> {
  return new Map(rows.map((row) => [rowGroupKey(row, fields), row]));
}

describe('summarizeSplit', () => {
  it('answers in one request when the area fits', async () => {
    const calls: AreaGeometry[] = [];
    const run = await summarizeSplit({
      area: county,
      fields,
      summarize: fakeService(places(500), 10_000, calls),
      signal: new AbortController().signal,
    });
    expect(calls).toHaveLength(1);
    expect(run.parts).toBe(1);
  });

  it('splits past maxcount and merges to exactly the one-shot answer', async () => {
    const points = places(3000);
    const oneShot = await fakeService(points, Infinity)(county, new AbortController().signal);
    if (!oneShot.ok) throw new Error('unreachable');
    const progress: string[] = [];
    const run = await summarizeSplit({
      area: county,
      fields,
      summarize: fakeService(points, 400),
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(`${p.done} of ${p.total}`),
    });
    expect(run.parts).toBeGreaterThan(4);
    expect(run.result.locationcount).toBe(3000);
    const expected = byGroup(oneShot.result.data);
    const actual = byGroup(run.result.data);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, want] of expected) {
      const got = actual.get(key)!;
      expect(got.locationcount).toBe(want.locationcount);
      expect(got.unit_count_sum).toBe(want.unit_count_sum);
      expect(got.unit_count_avg).toBe(want.unit_count_avg);
      expect(got.max_down_mbps_avg as number).toBeCloseTo(want.max_down_mbps_avg as number, 9);
    }
    expect(progress.at(-1)).toBe(`${run.parts} of ${run.parts}`);
  });

  it('splits ahead by the count, asking no part past maxcount, to the same answer', async () => {
    const points = places(3000);
    const counts: AreaGeometry[] = [];
    const count: CountPart = async (area) => {
      counts.push(area);
      const inside = points.filter((p) => booleanPointInPolygon([p.lng, p.lat], area));
      return { locationcount: inside.length, maxcount: 400 };
    };
    const outcomes: PartOutcome[] = [];
    const service = fakeService(points, 400);
    const run = await summarizeSplit({
      area: county,
      fields,
      count,
      summarize: async (area, signal) => {
        const outcome = await service(area, signal);
        outcomes.push(outcome);
        return outcome;
      },
      signal: new AbortController().signal,
    });
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect([run.result.locationcount, outcomes.length]).toEqual([3000, run.parts]);
    // The whole county and every part cut from it were counted before being asked.
    expect(counts.length).toBeGreaterThan(run.parts);
  });

  it('asks a part whose count is unknown or within maxcount, and cuts one past it', () => {
    expect(partPlan(null)).toEqual({ ask: true });
    expect(partPlan({ locationcount: 50_000, maxcount: 50_000 })).toEqual({ ask: true });
    // 86,000 at 60% of 50,000 a part: 3 parts.
    expect(partPlan({ locationcount: 86_000, maxcount: 50_000 })).toEqual({ ask: false, parts: 3 });
  });

  it('keeps at most 4 parts in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const base = fakeService(places(3000), 200);
    const summarize: SummarizePart = async (area, signal) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      const outcome = await base(area, signal);
      inFlight -= 1;
      return outcome;
    };
    const run = await summarizeSplit({
      area: county,
      fields,
      summarize,
      signal: new AbortController().signal,
    });
    expect(run.result.locationcount).toBe(3000);
    expect(peak).toBe(4);
  });

  it('stops with an AbortError when cancelled', async () => {
    const controller = new AbortController();
    const base = fakeService(places(3000), 200);
    let calls = 0;
    const summarize: SummarizePart = async (area, signal) => {
      if (++calls === 3) controller.abort();
      return base(area, signal);
    };
    await expect(
      summarizeSplit({ area: county, fields, summarize, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBeLessThan(8);
  });
});

describe('mergeSummaries', () => {
  it('adds counts and sums, recomputes averages, and matches rows by category label', () => {
    const merged = mergeSummaries(
      [
        {
          maxcount: 50,
          locationcount: 3,
          data: [
            {
              locationcount: 3,
              unit_count: '2-4',
              unit_count_avg: 3,
              unit_count_cnt: 3,
              unit_count_sum: 9,
            },
          ],
        },
        {
          maxcount: 50,
          locationcount: 5,
          data: [
            {
              locationcount: 1,
              unit_count: '2-4',
              unit_count_avg: 4,
              unit_count_cnt: 1,
              unit_count_sum: 4,
            },
            {
              locationcount: 4,
              unit_count: '1',
              unit_count_avg: 1,
              unit_count_cnt: 4,
              unit_count_sum: 4,
            },
          ],
        },
      ],
      ['unit_count'],
    );
    expect(merged.locationcount).toBe(8);
    expect(merged.data).toEqual([
      {
        locationcount: 4,
        unit_count: '2-4',
        unit_count_avg: 13 / 4,
        unit_count_cnt: 4,
        unit_count_sum: 13,
      },
      {
        locationcount: 4,
        unit_count: '1',
        unit_count_avg: 1,
        unit_count_cnt: 4,
        unit_count_sum: 4,
      },
    ]);
  });
});
