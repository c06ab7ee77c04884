// The store contract, by identifier: the store under test (PostGIS, over the demo fabric
// exported and imported) answers every question as the memory store over the same fabric: the
// same records in the same order, the same refusals (testing/same-answer.ts says what "same"
// allows for floating figures). Each case also checks on the memory store's answers that it
// asks something worth asking (records found and records not found), so no case passes empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askBoth, expectedOf, type Question } from './testing/ask-both';
import { openContractFixture, type ContractFixture } from './testing/contract-fixture';
import {
  catalogueQuestions,
  coverageQuestions,
  emptyAnswerQuestions,
  historyQuestions,
  recordQuestions,
} from './testing/lookup-cases';
import { matchQuestions, placesQuestions } from './testing/match-cases';
import { Picker } from './testing/pick';
import { disagreements } from './testing/same-answer';

let fx: ContractFixture;

beforeAll(async () => {
  fx = await openContractFixture({ seed: 11, locations: 2000 });
}, 300_000);

afterAll(async () => {
  await fx?.close();
});

async function agree(questions: Question<unknown>[]): Promise<unknown[]> {
  const asked = await askBoth(fx.subject, fx.reference, questions);
  expect(disagreements(asked)).toEqual([]);
  return expectedOf(asked);
}

const lengths = (answers: unknown[]) => answers.map((a) => (Array.isArray(a) ? a.length : -1));

/** Vintages asked: the newest, the oldest and one between. */
const VINTAGES = [4, 0, 2];

describe('store contract: lookups agree with the memory store', () => {
  it('catalogue: fabric and coverage vintages, layers, the fields of every layer and vintage', async () => {
    const answers = await agree(catalogueQuestions(new Picker(fx.fabric, 1)));
    expect(lengths(answers).every((n) => n > 0)).toBe(true);
  });

  it.each(VINTAGES)('data, bulk, parcels and footprints (vintage %i)', async (vi) => {
    const questions = recordQuestions(new Picker(fx.fabric, 10 + vi), vi);
    const answers = lengths(await agree(questions));
    const data = answers.filter((_, k) => questions[k].what.startsWith('locationData'));
    expect(data.filter((n) => n === 1).length).toBeGreaterThan(50);
    expect(data.filter((n) => n === 0).length).toBeGreaterThan(10);
    const features = answers.filter((_, k) => questions[k].what.startsWith('areaFeatures'));
    expect(features).toEqual([40, 40]);
  });

  it.each(VINTAGES)('history and translate (vintage %i)', async (vi) => {
    const questions = historyQuestions(new Picker(fx.fabric, 20 + vi), vi);
    const answers = await agree(questions);
    const records = answers.flatMap((a) => a as Record<string, unknown>[]);
    expect(records.some((r) => typeof r.re_location_id === 'number')).toBe(vi > 0);
    expect(records.some((r) => r.firstsvcversion !== r.lastsvcversion)).toBe(vi > 0);
    expect(records.filter((r) => 'uuid' in r).length).toBeGreaterThan(40);
    expect(lengths(answers).filter((n) => n === 0).length).toBeGreaterThan(10);
  });

  it('answers nothing for fields of a vintage not held, nor for an id into its own kind', async () => {
    const answers = await agree(emptyAnswerQuestions(new Picker(fx.fabric, 50), 4));
    expect(answers).toEqual([[], [], [], [], []]);
  });

  it.each(VINTAGES)('fixed and mobile coverage (coverage vintage %i)', async (ci) => {
    const answers = await agree(coverageQuestions(new Picker(fx.fabric, 30 + ci), ci));
    expect(lengths(answers).every((n) => n > 0)).toBe(true);
  });

  it.each([4, 1])('match (vintage %i)', async (vi) => {
    const answers = (await agree(matchQuestions(new Picker(fx.fabric, 40 + vi), vi, 40))) as {
      matchtype: string | null;
    }[];
    const types = answers.map((a) => a.matchtype);
    expect(types.filter((t) => t === 'F').length).toBeGreaterThan(20);
    expect(types.filter((t) => t === 'P').length).toBeGreaterThan(20);
    expect(types.filter((t) => t === null).length).toBeGreaterThan(3);
  });

  it.each([4, 0])('places (vintage %i)', async (vi) => {
    const answers = (await agree(placesQuestions(new Picker(fx.fabric, 45 + vi), vi, 8))) as {
      places: { kind: string }[];
      addresses: unknown[];
    }[];
    const kinds = answers.flatMap((a) => a.places.map((p) => p.kind));
    for (const kind of ['town', 'zip', 'street'])
      expect(kinds.filter((k) => k === kind).length, kind).toBeGreaterThan(3);
    for (const kind of ['county', 'state'])
      expect(kinds.filter((k) => k === kind).length, kind).toBeGreaterThan(0);
    expect(answers.filter((a) => a.addresses.length > 0).length).toBeGreaterThan(5);
    expect(answers.filter((a) => a.places.length === 0).length).toBeGreaterThan(0);
  });
});
