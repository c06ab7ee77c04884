// The store contract, by place: locate, summarize, collect3 and tiles answer on the store under
// test (PostGIS, over the demo fabric exported and imported) as on the memory store over the
// same fabric. Each case also checks on the memory store's answers that it reaches what it is
// there for (every match type, each option changing some answer, groups by category, parts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../../shared/fixed-status';
import type { LocateRecord, Store, SummarizeResult } from '../store';
import { contractAreas, SUMMARY_FIELD_LISTS } from './testing/area-cases';
import { agreedAnswers, type Question } from './testing/ask-both';
import { collectAll, repeated } from './testing/collect-all';
import { openContractFixture, type ContractFixture } from './testing/contract-fixture';
import { locatePoints, OPTION_SETS } from './testing/locate-cases';
import { Picker } from './testing/pick';
import { hexLevelProblems } from './testing/hex-levels';
import { featureCounts, tileCases, tileDifferences } from './testing/tile-cases';

let fx: ContractFixture;

const FILTER_CASES: FixedFilters[] = [
  DEFAULT_FIXED_FILTERS,
  { audience: 'business', speed: '100/20', tech: 'fiber', lowLatency: true },
  { audience: 'residential', speed: '25/3', tech: 'licensed', lowLatency: false },
  { audience: 'business', speed: '1000/100', tech: 'any', lowLatency: false },
];

beforeAll(async () => {
  fx = await openContractFixture({ seed: 11, locations: 2000 });
}, 300_000);

afterAll(async () => {
  await fx?.close();
});

const agree = <T>(questions: Question<T>[]) => agreedAnswers<T>(fx, questions);

const vintage = (vi: number) => fx.fabric.vintages[vi].vintage;

describe('store contract: places agree with the memory store', () => {
  it.each([4, 1])('locate under every option set (vintage %i)', async (vi) => {
    const v = vintage(vi);
    const points = locatePoints(new Picker(fx.fabric, 50 + vi), vi, 30);
    const sets = Object.entries(OPTION_SETS);
    const questions = sets.flatMap(([name, options]) =>
      points.map((p) => ({
        what: `locate(${v}, ${p.longitude},${p.latitude}, ${name})`,
        ask: (s: Store) => s.locate(v, p, options),
      })),
    );
    const answers = (await agree(questions)) as LocateRecord[][];
    const bySet = new Map(
      sets.map(([name], k) => [name, answers.slice(k * points.length, (k + 1) * points.length)]),
    );
    const answered = (name: string) => bySet.get(name) ?? [];
    const types = (name: string): string[] =>
      answered(name).map((a) => (a.length > 0 ? a[0].matchtype : 'none'));
    const count = (name: string, t: string) => types(name).filter((x) => x === t).length;
    for (const t of ['FootprintParcel', 'Footprint', 'Parcel', 'Nearest', 'none'])
      expect(count('defaults', t), `${t} under the defaults`).toBeGreaterThanOrEqual(3);
    // Every option set changes some answer of these points: the cases reach each parameter.
    const plain = answered('defaults').map((a) => JSON.stringify(a));
    for (const [name] of sets.slice(1)) {
      const changed = answered(name).filter((a, k) => JSON.stringify(a) !== plain[k]);
      expect(changed.length, `answers ${name} changes`).toBeGreaterThan(0);
    }
    expect(types('matchtype Nearest').every((t) => t === 'Nearest' || t === 'none')).toBe(true);
  });

  it.each([4, 0])('summarize: every area, field list and nocat (vintage %i)', async (vi) => {
    const v = vintage(vi);
    const areas = contractAreas(new Picker(fx.fabric, 60));
    const questions = areas.flatMap(({ name, area }) =>
      SUMMARY_FIELD_LISTS.flatMap((fields) =>
        [false, true].map((nocat) => ({
          what: `summarize(${v}, ${name}, [${fields.join(',')}], nocat ${nocat})`,
          ask: (s: Store) => s.summarize(v, area, fields, nocat),
        })),
      ),
    );
    const answers = (await agree(questions)) as SummarizeResult[];
    const counts = answers.map((a) => (a.ok ? a.response.locationcount : -1));
    expect(counts.filter((n) => n > 20).length).toBeGreaterThan(questions.length / 2);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThanOrEqual(
      2 * 2 * SUMMARY_FIELD_LISTS.length,
    );
    const rows = answers.flatMap((a) => (a.ok ? a.response.data : []));
    expect(rows.some((r) => r.unit_count === '2-4')).toBe(true);
    expect(
      rows.some((r) => r.max_down_mbps_avg !== undefined && r.max_down_mbps === undefined),
    ).toBe(true);
  });

  it.each([4, 0])('count: every area, as summarize counts it (vintage %i)', async (vi) => {
    const v = vintage(vi);
    const areas = contractAreas(new Picker(fx.fabric, 62));
    const counts = await agree(
      areas.map(({ name, area }) => ({
        what: `count(${v}, ${name})`,
        ask: (s: Store) => s.count(v, area),
      })),
    );
    const summaries = await Promise.all(
      areas.map(({ area }) => fx.reference.summarize(v, area, [], true)),
    );
    expect(counts).toEqual(
      summaries.map((a) => (a.ok ? a.response.locationcount : a.locationcount)),
    );
    expect(counts.filter((n) => n > 20).length).toBeGreaterThan(areas.length / 2);
  });

  it.each([4, 0])(
    'places: a town or ZIP code counts what count and summarize find in its outline (vintage %i)',
    async (vi) => {
      const v = vintage(vi);
      const names = [...new Set(fx.fabric.towns.flatMap((t) => [t.name, t.zip]))];
      const answers = await agree(
        names.map((q) => ({
          what: `places(${v}, ${q})`,
          ask: (s: Store) => s.places(v, q, 10),
        })),
      );
      const outlined = answers.flatMap((a, k) =>
        a.places.filter(
          (p) =>
            (p.kind === 'town' || p.kind === 'zip') &&
            p.name.toUpperCase() === names[k].toUpperCase(),
        ),
      );
      expect(outlined.length).toBeGreaterThan(10);
      const areas = outlined.map((p) => [p.outline!.coordinates]);
      const counts = await agree(
        outlined.map((p, k) => ({
          what: `count(${v}, outline of ${p.kind} ${p.name})`,
          ask: (s: Store) => s.count(v, areas[k]),
        })),
      );
      const summaries = await agree(
        outlined.map((p, k) => ({
          what: `summarize(${v}, outline of ${p.kind} ${p.name})`,
          ask: (s: Store) => s.summarize(v, areas[k], [], true),
        })),
      );
      const places = outlined.map((p) => p.locationcount);
      expect(places).toEqual(counts);
      expect(places).toEqual(summaries.map((a) => (a.ok ? a.response.locationcount : -1)));
    },
  );

  it.each([
    [4, 2],
    [2, 4],
    [4, 4],
  ])('summarize at coverage %i and the area report (fabric %i)', async (ci, vi) => {
    const v = vintage(vi);
    const cv = fx.fabric.fixedCoverage[ci].vintage;
    const areas = contractAreas(new Picker(fx.fabric, 65));
    const fields = ['served_status', 'max_down_mbps', 'provider_count'];
    const questions = areas.flatMap(({ name, area }) => [
      ...FILTER_CASES.map((filters) => ({
        what: `summarize(${v}, ${name}, coverage ${cv}, ${JSON.stringify(filters)})`,
        ask: (s: Store) => s.summarize(v, area, fields, false, { coverage: cv, filters }),
      })),
      ...FILTER_CASES.map((filters) => ({
        what: `report(${v}, ${cv}, ${name}, ${JSON.stringify(filters)})`,
        ask: (s: Store) => s.report(v, cv, area, filters),
      })),
    ]);
    const answers = (await agree<unknown>(questions)) as SummarizeResult[];
    const labels = new Set(
      answers.flatMap((a) =>
        a.ok && 'data' in a.response ? a.response.data.map((r) => r.served_status) : [],
      ),
    );
    expect(labels.size).toBeGreaterThanOrEqual(2);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers.filter((a) => a.ok && a.response.locationcount > 20).length).toBeGreaterThan(
      answers.length / 2,
    );
  });

  it.each([
    ['locations', 4],
    ['locations', 1],
    ['parcels', 4],
    ['footprints', 2],
  ] as const)('collect3 %s, following every continuation (vintage %i)', async (layer, vi) => {
    const v = vintage(vi);
    let continued = 0;
    for (const { name, area } of contractAreas(new Picker(fx.fabric, 70))) {
      for (const limits of [
        { partSize: 100, maxParts: 4 },
        { partSize: 5000, maxParts: 64 },
      ]) {
        const [got, want] = await Promise.all([
          collectAll(fx.subject, v, layer, area, limits),
          collectAll(fx.reference, v, layer, area, limits),
        ]);
        const what = `${name}, partSize ${limits.partSize}`;
        expect(want.problems, what).toEqual([]);
        expect(got.problems, what).toEqual([]);
        expect(repeated(got.uuids), what).toEqual([]);
        expect(got.uuids.toSorted(), what).toEqual(want.uuids.toSorted());
        if (want.calls > 1) continued++;
      }
    }
    expect(continued).toBeGreaterThan(3);
  });

  it.each([4, 0])('tiles draw the same features (vintage %i)', async (vi) => {
    const v = vintage(vi);
    const tiles = tileCases(new Picker(fx.fabric, 80 + vi), vi, 4);
    const seen: Record<string, number> = {};
    const problems: string[] = [];
    for (const { z, x, y } of tiles) {
      const [got, want] = await Promise.all([
        fx.subject.tile(v, z, x, y),
        fx.reference.tile(v, z, x, y),
      ]);
      for (const d of tileDifferences(got, want)) problems.push(`${z}/${x}/${y}: ${d}`);
      for (const [layer, n] of Object.entries(featureCounts(want)))
        seen[layer] = (seen[layer] ?? 0) + n;
    }
    expect(problems.slice(0, 12)).toEqual([]);
    for (const layer of ['roads', 'parcels', 'footprints', 'locations', 'towns'])
      expect(seen[layer], layer).toBeGreaterThan(10);
  });

  it.each([
    [4, 4],
    [2, 4],
    [4, 1],
  ])('fixed broadband tiles and hexagons (coverage %i, fabric %i)', async (ci, vi) => {
    const cv = fx.fabric.fixedCoverage[ci].vintage;
    const fv = vintage(vi);
    const pick = new Picker(fx.fabric, 90 + ci);
    const problems: string[] = [];
    const seen: Record<string, number> = {};
    const compare = async (what: string, ask: (s: Store) => Promise<Uint8Array>) => {
      const [got, want] = await Promise.all([ask(fx.subject), ask(fx.reference)]);
      for (const d of tileDifferences(got, want)) problems.push(`${what}: ${d}`);
      for (const [layer, n] of Object.entries(featureCounts(want)))
        seen[layer] = (seen[layer] ?? 0) + n;
    };
    for (const { z, x, y } of tileCases(pick, vi, 3, [12, 13, 14, 16]))
      await compare(`fixedTile ${z}/${x}/${y}`, (s) => s.fixedTile(cv, fv, z, x, y));
    for (const filters of FILTER_CASES)
      for (const { z, x, y } of tileCases(pick, vi, 2, [5, 6, 8, 10, 11, 12, 13]))
        await compare(`fixedHexTile ${z}/${x}/${y} ${JSON.stringify(filters)}`, (s) =>
          s.fixedHexTile(cv, fv, z, x, y, filters),
        );
    expect(problems.slice(0, 12)).toEqual([]);
    expect(seen.fixed).toBeGreaterThan(20);
    expect(seen.fixed_hex).toBeGreaterThan(20);
  });

  it.each([
    [4, 4],
    [2, 4],
  ])('coarse hexagons count what their children count (coverage %i, fabric %i)', async (ci, vi) => {
    const cv = fx.fabric.fixedCoverage[ci].vintage;
    const fv = vintage(vi);
    const filters = [
      ...FILTER_CASES.slice(0, 2),
      { ...DEFAULT_FIXED_FILTERS, provider: fx.fabric.fixedProviders[0]!.providerId },
    ];
    const { problems, drawn } = await hexLevelProblems(fx.subject, fx.fabric, cv, fv, filters);
    expect(problems.slice(0, 12)).toEqual([]);
    expect(drawn[5]).toBeGreaterThan(3);
    expect(drawn[6]).toBeGreaterThan(2 * drawn[5]!);
  });
});
