// The store contract for the area report compared with a second release (README, "Area report", the
// change table): the PostGIS store answers the change block (status at A × status at B, change
// classes, the union of both fabrics' locations weighed against maxcount) as the memory store
// does, for earlier and later second releases, the same fabric at another coverage vintage,
// and the planner's filter sets. The memory answers are checked to reach every kind of change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../../shared/fixed-status';
import type { ReportResult, Store } from '../store';
import { contractAreas } from './testing/area-cases';
import { askBoth, expectedOf } from './testing/ask-both';
import { openContractFixture, type ContractFixture } from './testing/contract-fixture';
import { Picker } from './testing/pick';
import { disagreements } from './testing/same-answer';

let fx: ContractFixture;

beforeAll(async () => {
  fx = await openContractFixture({ seed: 11, locations: 2000 });
}, 300_000);

afterAll(async () => {
  await fx?.close();
});

const FILTERS: FixedFilters[] = [
  DEFAULT_FIXED_FILTERS,
  { audience: 'business', speed: '100/20', tech: 'fiber', lowLatency: true },
  { audience: 'residential', speed: '25/3', tech: 'licensed', lowLatency: false },
];

/** [fabric, coverage] of A, then of B, as indexes into the fabric's vintages. */
const PAIRS: [[number, number], [number, number]][] = [
  [
    [4, 4],
    [2, 2],
  ],
  [
    [1, 1],
    [4, 4],
  ],
  [
    [4, 4],
    [4, 2],
  ],
  [
    [3, 2],
    [0, 4],
  ],
];

describe('store contract: the area report compared with a second release', () => {
  it('answers the change block as the memory store', async () => {
    const fabric = (vi: number) => fx.fabric.vintages[vi].vintage;
    const coverage = (ci: number) => fx.fabric.fixedCoverage[ci].vintage;
    const areas = contractAreas(new Picker(fx.fabric, 66));
    const questions = PAIRS.flatMap(([[fa, ca], [fb, cb]]) =>
      FILTERS.flatMap((filters) =>
        areas.map(({ name, area }) => {
          const compare = { fabric: fabric(fb), coverage: coverage(cb) };
          return {
            what: `report(${fabric(fa)}, ${coverage(ca)}, ${name}, ${JSON.stringify(filters)}) with ${JSON.stringify(compare)}`,
            ask: (s: Store) => s.report(fabric(fa), coverage(ca), area, filters, compare),
          };
        }),
      ),
    );
    const asked = await askBoth(fx.subject, fx.reference, questions);
    expect(disagreements(asked)).toEqual([]);
    const answers = expectedOf(asked) as ReportResult[];
    // Not vacuous: every answer has the block; the cases reach new, retired (with and without
    // an equivalent), gained and lost service, and locations absent from one side's table.
    const seen = new Map<string, number>();
    let transitions = 0;
    for (const a of answers) {
      expect(a.ok).toBe(true);
      if (!a.ok) continue;
      const change = a.response.change!;
      expect(change.classes.reduce((n, c) => n + c.locations, 0)).toBe(change.locationcount);
      expect(change.table.reduce((n, c) => n + c.locations, 0)).toBe(change.locationcount);
      expect(change.locationcount).toBeGreaterThanOrEqual(a.response.locationcount);
      for (const c of change.classes) seen.set(c.class, (seen.get(c.class) ?? 0) + c.locations);
      transitions += change.table.filter((r) => r.a !== r.b).length;
    }
    for (const cls of ['new', 'retired', 'retired_equivalent', 'newly_served', 'lost_service'])
      expect(seen.get(cls), cls).toBeGreaterThan(0);
    expect(transitions).toBeGreaterThan(20);
  });
});
