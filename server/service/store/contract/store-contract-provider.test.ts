// The store contract under the provider filter (shared/provider-filter.ts): the providers a
// coverage vintage holds, and the report, summarize's served_status, the point tiles and the
// hexagons under one provider, answer on PostGIS as on the memory store over the same fabric.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../../shared/fixed-status';
import type { ReportResult, Store } from '../store';
import { contractAreas } from './testing/area-cases';
import { agreedAnswers, type Question } from './testing/ask-both';
import { openContractFixture, type ContractFixture } from './testing/contract-fixture';
import { Picker } from './testing/pick';
import { featureCounts, tileCases, tileDifferences } from './testing/tile-cases';

let fx: ContractFixture;

beforeAll(async () => {
  fx = await openContractFixture({ seed: 13, locations: 1500 });
}, 300_000);

afterAll(async () => {
  await fx?.close();
});

const agree = <T>(questions: Question<T>[]) => agreedAnswers<T>(fx, questions);

/** Two providers of the vintage: the one claiming most locations, and the one claiming fewest. */
function providersOf(): number[] {
  const ids = fx.fabric.fixedProviders.map((p) => p.providerId);
  return [ids[0]!, ids.at(-1)!];
}

describe('store contract: the provider filter agrees with the memory store', () => {
  it('providers of every coverage vintage', async () => {
    const answers = await agree(
      fx.fabric.fixedCoverage.map((c) => ({
        what: `providers(${c.vintage})`,
        ask: (s: Store) => s.providers(c.vintage),
      })),
    );
    expect(answers.every((list) => list.length >= 2)).toBe(true);
  });

  it.each([
    [4, 4],
    [2, 4],
  ])('report and summarize under a provider (coverage %i, fabric %i)', async (ci, vi) => {
    const v = fx.fabric.vintages[vi]!.vintage;
    const cv = fx.fabric.fixedCoverage[ci]!.vintage;
    const filters: FixedFilters[] = providersOf().flatMap((provider) => [
      { ...DEFAULT_FIXED_FILTERS, provider },
      { audience: 'business', speed: '25/3', tech: 'any', lowLatency: false, provider },
    ]);
    const areas = contractAreas(new Picker(fx.fabric, 66)).slice(0, 4);
    const questions = areas.flatMap(({ name, area }) =>
      filters.flatMap((f) => [
        {
          what: `report(${v}, ${cv}, ${name}, ${JSON.stringify(f)})`,
          ask: (s: Store) => s.report(v, cv, area, f),
        },
        {
          what: `summarize(${v}, ${name}, ${cv}, ${JSON.stringify(f)})`,
          ask: (s: Store) =>
            s.summarize(v, area, ['served_status'], false, { coverage: cv, filters: f }),
        },
      ]),
    );
    const answers = (await agree<unknown>(questions)) as ReportResult[];
    // The provider changes the counts: some report under it differs from every provider's.
    const served = answers.flatMap((a) =>
      a.ok && 'status' in a.response ? [a.response.status.served.locations] : [],
    );
    expect(new Set(served).size).toBeGreaterThan(1);
  });

  it('point tiles and hexagons under a provider', async () => {
    const ci = 4;
    const cv = fx.fabric.fixedCoverage[ci]!.vintage;
    const fv = fx.fabric.vintages[4]!.vintage;
    const pick = new Picker(fx.fabric, 93);
    const problems: string[] = [];
    const seen: Record<string, number> = {};
    const compare = async (what: string, ask: (s: Store) => Promise<Uint8Array>) => {
      const [got, want] = await Promise.all([ask(fx.subject), ask(fx.reference)]);
      for (const d of tileDifferences(got, want)) problems.push(`${what}: ${d}`);
      for (const [layer, n] of Object.entries(featureCounts(want)))
        seen[layer] = (seen[layer] ?? 0) + n;
    };
    for (const provider of providersOf()) {
      for (const { z, x, y } of tileCases(pick, 4, 2, [13, 14, 16]))
        await compare(`fixedTile ${z}/${x}/${y} ${provider}`, (s) =>
          s.fixedTile(cv, fv, z, x, y, provider),
        );
      for (const { z, x, y } of tileCases(pick, 4, 2, [6, 10, 12]))
        await compare(`fixedHexTile ${z}/${x}/${y} ${provider}`, (s) =>
          s.fixedHexTile(cv, fv, z, x, y, { ...DEFAULT_FIXED_FILTERS, provider }),
        );
    }
    expect(problems.slice(0, 12)).toEqual([]);
    expect(seen.fixed).toBeGreaterThan(20);
    expect(seen.fixed_hex).toBeGreaterThan(5);
  });
});
