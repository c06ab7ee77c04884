// match as the real service's clients call it, over real HTTP: GET with the official client's
// urlencoded row (sourcekey with text or parts), POST with a body of up to 1000 rows. Each
// POST answer is checked against the GET answer for the same row.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MatchResponseSchema } from '../../contract/schemas/match';
import { CURRENT, TOKEN, call, errorOf, serviceForFile } from './harness';
import { pyHeaders, pyJson, pyUrlencode } from './python-forms';

const svc = serviceForFile();
const MATCH = `/fabricext/${CURRENT}/match`;
const Answer = MatchResponseSchema.strict();

async function get(row: Record<string, string | number>, extra = '') {
  const res = await call(svc.url, `${MATCH}?${pyUrlencode(row)}${extra}`, {
    headers: { apikey: TOKEN },
  });
  return { status: res.status, body: res.body };
}

async function post(body: unknown, query = '') {
  const res = await call(svc.url, `${MATCH}${query}`, {
    method: 'POST',
    raw: pyJson(body),
    headers: pyHeaders(TOKEN),
    noAuth: true,
  });
  return { status: res.status, body: res.body };
}

describe('GET match with sourcekey', () => {
  it('answers a full match with matchtype F, the rule version and the sourcekey', async () => {
    const res = await get({ sourcekey: 'row 1', text: '100 Oak Street, Springfield IL 62704' });
    expect(res.status).toBe(200);
    expect(Answer.parse(res.body)).toMatchObject({
      matchcount: 1,
      matchtype: 'F',
      alternates: null,
      ruleversion: '1',
      sourcekey: 'row 1',
      locations: [{ location_id: 1000000001, matchrank: 1 }],
    });
  });

  it('answers parts as a CSV row holds them (blank unit and postcode), with alternates', async () => {
    const row = {
      sourcekey: '2',
      house_number: '200',
      road: 'Oak St',
      unit: '2',
      city: 'Springfield',
      state: 'IL',
      postcode: '',
    };
    const answer = Answer.parse((await get(row, '&maxresults=5')).body);
    expect(answer.matchtype).toBe('F');
    expect(answer.alternates?.map((a) => [a.location_id, a.matchtype])).toEqual([
      [1000000011, 'P'],
    ]);
    expect(answer.sourcekey).toBe('2');
  });

  it('answers no match with matchtype null, and null sourcekey when none was sent', async () => {
    const answer = Answer.parse((await get({ text: '100 Elm St, Springfield' })).body);
    expect(answer).toMatchObject({
      matchcount: 0,
      locations: [],
      matchtype: null,
      sourcekey: null,
    });
  });

  it('refuses a sourcekey past 255 characters and an address without house number or road', async () => {
    const long = await get({ sourcekey: 'k'.repeat(256), text: '100 Oak St' });
    expect([long.status, errorOf(long.body).message]).toEqual([
      400,
      'sourcekey must be at most 255 characters',
    ]);
    const none = await get({ sourcekey: '3', city: 'Springfield', unit: '' });
    expect(none.status).toBe(400);
    expect(errorOf(none.body).message).toContain('at least house_number or road');
  });
});

describe('POST match', () => {
  const rows: Record<string, string | number>[] = [
    { sourcekey: 'a', text: '100 Oak St, Springfield IL 62704' },
    {
      sourcekey: 2,
      house_number: '305',
      road: 'S Main St',
      unit: '',
      city: 'Springfield',
      state: 'IL',
      postcode: '',
    },
    { sourcekey: 'c', text: '100 Elm St, Springfield' },
    {
      sourcekey: 'd',
      house_number: 1500,
      road: 'Old Jacksonville Rd',
      postcode: 62629,
      note: 'extra keys are ignored',
    },
    { sourcekey: 'e', text: '104 Oka St' },
    { sourcekey: 'f', text: '200 Oak St, Springfield' }, // two apartments: alternates
  ];

  it('answers every row in input order, each as GET answers it', async () => {
    const res = await post(rows, '?maxresults=3');
    expect(res.status).toBe(200);
    const answers = z.array(Answer).parse(res.body);
    expect(answers.map((a) => [a.sourcekey, a.matchtype])).toEqual([
      ['a', 'F'],
      [2, 'F'],
      ['c', null],
      ['d', 'F'],
      ['e', 'P'],
      ['f', 'P'],
    ]);
    expect(answers[5]!.alternates).toHaveLength(1);
    for (const [i, row] of rows.entries()) {
      const { note: _note, ...query } = row;
      const one = Answer.parse(
        (await get({ ...query, sourcekey: String(row.sourcekey) }, '&maxresults=3')).body,
      );
      expect(answers[i]).toEqual({ ...one, sourcekey: row.sourcekey });
    }
  });

  it('takes 1000 rows in one call and answers [] for none', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      sourcekey: i,
      text: `${100 + (i % 5) * 2} Oak St`,
    }));
    const answers = z.array(Answer).parse((await post(many)).body);
    expect(answers.map((a) => a.sourcekey)).toEqual(many.map((m) => m.sourcekey));
    expect(answers.filter((a) => a.matchcount > 0).length).toBeGreaterThan(500);
    expect((await post([])).body).toEqual([]);
  });

  // prettier-ignore
  const refusals: [string, unknown, string, string[]][] = [
    ['more than 1000 rows', Array.from({ length: 1001 }, () => ({ text: '100 Oak St' })), '', ['body must hold at most 1000 addresses']],
    ['a row without house number or road', [{ text: '100 Oak St' }, { sourcekey: 'x', city: 'Springfield', text: ' ' }], '', ['body[1]', 'at least house_number or road']],
    ['text that is not a string', [{ sourcekey: 'x', text: 100 }], '', ['body[0].text must be a string']],
    ['a part that is an object', [{ sourcekey: 'x', house_number: '1', road: { name: 'Oak' } }], '', ['body[0].road must be a string or a whole number']],
    ['a part past its length', [{ sourcekey: 'x', house_number: '1', road: 'Oak', postcode: '62704-12345' }], '', ['body[0].postcode must be at most 10 characters']],
    ['a sourcekey that is a list', [{ sourcekey: ['x'], text: '100 Oak St' }], '', ['body[0].sourcekey must be a string or a number']],
    ['an object instead of a list', { text: '100 Oak St' }, '', ['body must be an array']],
    ['maxresults above 10', [{ text: '100 Oak St' }], '?maxresults=11', ['maxresults must be at most 10']],
  ];
  it.each(refusals)('refuses %s with a 400 naming the rule', async (_name, body, query, words) => {
    const res = await post(body, query);
    expect(res.status).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('invalid_parameter');
    for (const w of words) expect(error.message).toContain(w);
  });

  it('refuses a body that is not JSON, an unknown vintage and a missing token', async () => {
    const notJson = await call(svc.url, MATCH, { method: 'POST', raw: '[{"text": ' });
    expect([notJson.status, errorOf(notJson.body).message]).toEqual([
      400,
      'request body is not valid JSON',
    ]);
    const old = await call(svc.url, '/fabricext/201001/match', { body: rows });
    expect([old.status, errorOf(old.body).code]).toEqual([404, 'unknown_vintage']);
    const anonymous = await call(svc.url, MATCH, { body: rows, noAuth: true });
    expect(anonymous.status).toBe(401);
  });
});
