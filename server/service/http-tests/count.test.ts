// count over real HTTP: an area's locations as summarize counts them (with the maxcount they are
// weighed against), in the worker pool as every POST is, and the refusals that name the rule,
// as summarize's.
import { describe, expect, it } from 'vitest';
import { CountResponseSchema } from '../../contract/schemas/count';
import { isOffloaded } from '../pool/offload';
import { MAXCOUNT } from '../store/contract';
import { rect } from '../testing/fixture-layout';
import { CURRENT, call, expectErrorCase, serviceForFile } from './harness';

const svc = serviceForFile();
const C = `/fabricext/${CURRENT}/count`;
const TOWN = { type: 'Polygon', coordinates: [rect(-50, -10, 1800, 130)] };
const EMPTY = { type: 'Polygon', coordinates: [rect(5000, 5000, 5100, 5100)] };

async function count(path: string, area: unknown) {
  const res = await call(svc.url, path, { body: area });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CountResponseSchema.strict().parse(res.body);
}

describe('POST /fabricext/{v}/count', () => {
  it('counts the locations summarize counts, in each vintage, with the maxcount', async () => {
    for (const v of ['202406', CURRENT]) {
      const summary = await call(svc.url, `/fabricext/${v}/summarize?field=unit_count`, {
        body: TOWN,
      });
      const { locationcount } = summary.body as { locationcount: number };
      expect(locationcount).toBeGreaterThan(3);
      expect(await count(`/fabricext/${v}/count`, TOWN)).toEqual({
        locationcount,
        maxcount: MAXCOUNT,
      });
    }
    expect(await count(C, EMPTY)).toEqual({ locationcount: 0, maxcount: MAXCOUNT });
  });

  it('runs in the worker pool and refuses what summarize refuses, naming the rule', async () => {
    expect(isOffloaded('POST', C)).toBe(true);
    await expectErrorCase(svc.url, [
      'unknown vintage',
      '/fabricext/209912/count',
      TOWN,
      404,
      'unknown_vintage',
      [],
    ]);
    await expectErrorCase(svc.url, [
      'an open ring',
      C,
      { type: 'Polygon', coordinates: [rect(0, 0, 10, 10).slice(0, 4)] },
      400,
      'invalid_geojson',
      ['not closed'],
    ]);
    await expectErrorCase(svc.url, [
      'not JSON',
      C,
      '{"type":',
      400,
      'invalid_parameter',
      ['not valid JSON'],
    ]);
  });
});
