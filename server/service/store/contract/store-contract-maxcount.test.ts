// The store contract past MAXCOUNT: on a fabric larger than MAXCOUNT (55,000 locations in the
// newest release, fewer in the oldest) summarize refuses the same areas as the memory store,
// with the same location count, and answers the same areas below it. A file of its own: its
// fabric takes minutes to import whole, so only what summarize reads of the two releases asked
// is imported (their locations and fixed coverage), and the other contract files stay small.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAXCOUNT } from '../contract';
import type { Area, Store, SummarizeResult } from '../store';
import { askBoth, expectedOf } from './testing/ask-both';
import { openContractFixture, type ContractFixture } from './testing/contract-fixture';
import { rectRing } from './testing/pick';
import { disagreements } from './testing/same-answer';

let fx: ContractFixture;
/** The releases asked: the newest (past MAXCOUNT) and the oldest (fewer locations). */
const ASKED = ['202506', '202306'];

beforeAll(async () => {
  fx = await openContractFixture({
    seed: 12,
    locations: 55_000,
    only: (f) => ASKED.includes(f.vintage) && (f.kind === 'locations' || f.kind === 'fixed'),
  });
}, 600_000);

afterAll(async () => {
  await fx?.close();
});

function areas(): { name: string; area: Area }[] {
  const l = fx.fabric.locations;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < l.count; i++) {
    [x0, x1] = [Math.min(x0, l.lng[i]), Math.max(x1, l.lng[i])];
    [y0, y1] = [Math.min(y0, l.lat[i]), Math.max(y1, l.lat[i])];
  }
  const [a, b] = [x0 - 0.001, x1 + 0.001];
  const [c, d] = [y0 - 0.001, y1 + 0.001];
  const mid = (a + b) / 2;
  return [
    { name: 'the whole extent', area: [[rectRing([a, c, b, d])]] },
    {
      name: 'two halves as a MultiPolygon',
      area: [[rectRing([a, c, mid, d])], [rectRing([mid, c, b, d])]],
    },
    { name: 'the west half', area: [[rectRing([a, c, mid, d])]] },
    {
      name: 'the extent with the west half as a hole',
      area: [[rectRing([a, c, b, d]), rectRing([a + 1e-4, c + 1e-4, mid, d - 1e-4], true)]],
    },
  ];
}

describe('store contract: summarize past MAXCOUNT', () => {
  it('refuses and answers the same areas, with the same counts', async () => {
    expect([fx.fabric.vintages.at(-1)?.vintage, fx.fabric.vintages[0].vintage]).toEqual(ASKED);
    const questions = ASKED.flatMap((v) => {
      return areas().map(({ name, area }) => ({
        what: `summarize(${v}, ${name})`,
        ask: (s: Store) => s.summarize(v, area, ['served_status', 'unit_count'], false),
      }));
    });
    const asked = await askBoth(fx.subject, fx.reference, questions, 2);
    expect(disagreements(asked)).toEqual([]);
    const answers = expectedOf(asked) as SummarizeResult[];
    const refused = answers.filter((a) => !a.ok);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const r of refused) {
      expect(r).toMatchObject({ maxcount: MAXCOUNT });
      expect(!r.ok && r.locationcount).toBeGreaterThan(MAXCOUNT);
    }
    expect(
      answers.filter((a) => a.ok && a.response.locationcount > 10_000).length,
    ).toBeGreaterThanOrEqual(2);
  });
});
