// Refusals of the fixed broadband tiles over real HTTP: each bad parameter answers 400 naming
// it and the values it takes, unknown vintages 404, and no token 401, as elsewhere.
import { describe, expect, it } from 'vitest';
import { TOKEN, call, errorOf, expectErrorCase, serviceForFile, type ErrorCase } from './harness';

const svc = serviceForFile();
const HEX = '/coverage/202506/fixedhex/11/497/772.pbf?fabric=202506';
const TILE = '/coverage/202506/fixedtiles/14/3979/6178.pbf';

const CASES: ErrorCase[] = [
  [
    'audience',
    `${HEX}&audience=everyone`,
    undefined,
    400,
    'invalid_parameter',
    ['audience', 'residential, business', '"everyone"'],
  ],
  [
    'speed',
    `${HEX}&speed=50/5`,
    undefined,
    400,
    'invalid_parameter',
    ['speed', 'bead, 25/3, 100/20, 250/25, 1000/100'],
  ],
  [
    'tech',
    `${HEX}&tech=Fiber`,
    undefined,
    400,
    'invalid_parameter',
    ['tech', 'fiber', 'fixedwireless'],
  ],
  [
    'lowlatency',
    `${HEX}&lowlatency=yes`,
    undefined,
    400,
    'invalid_parameter',
    ['lowlatency', '0, 1'],
  ],
  [
    'two filters at once',
    `${HEX}&audience=all&tech=dsl`,
    undefined,
    400,
    'invalid_parameter',
    ['audience', 'tech'],
  ],
  [
    'hexagons without fabric',
    '/coverage/202506/fixedhex/11/497/772.pbf',
    undefined,
    400,
    'invalid_parameter',
    ['fabric', 'required'],
  ],
  ['tiles without fabric', TILE, undefined, 400, 'invalid_parameter', ['fabric', 'required']],
  [
    'a short fabric',
    `${TILE}?fabric=2025`,
    undefined,
    400,
    'invalid_parameter',
    ['fabric', 'six digits'],
  ],
  [
    'a zoom past 22',
    '/coverage/202506/fixedtiles/23/1/1.pbf?fabric=202506',
    undefined,
    400,
    'invalid_parameter',
    ['z', '22'],
  ],
  [
    'a row without .pbf',
    '/coverage/202506/fixedhex/11/497/772.png?fabric=202506',
    undefined,
    400,
    'invalid_parameter',
    ['y', '.pbf'],
  ],
  [
    'a column off the map',
    '/coverage/202506/fixedtiles/3/8/1.pbf?fabric=202506',
    undefined,
    400,
    'invalid_parameter',
    ['x', 'below 8'],
  ],
  [
    'a coverage vintage not YYYYMM',
    '/coverage/2025-06/fixedtiles/14/1/1.pbf?fabric=202506',
    undefined,
    400,
    'invalid_parameter',
    ['v', 'six digits'],
  ],
  [
    'an unknown coverage vintage',
    '/coverage/209912/fixedhex/11/497/772.pbf?fabric=202506',
    undefined,
    404,
    'unknown_vintage',
    ['coverage vintage 209912'],
  ],
  [
    'an unknown fabric vintage',
    '/coverage/202506/fixedtiles/14/1/1.pbf?fabric=209912',
    undefined,
    404,
    'unknown_vintage',
    ['fabric vintage 209912'],
  ],
];

describe('fixed broadband tile refusals', () => {
  it.each(CASES)('%s', async (...c) => {
    await expectErrorCase(svc.url, c);
  });

  it('names the parameter in details, the first of several', async () => {
    const res = await call(svc.url, `${HEX}&speed=fast&lowlatency=2`);
    expect(errorOf(res.body).details).toMatchObject({
      parameter: 'speed',
      errors: [{ parameter: 'speed' }, { parameter: 'lowlatency', allowed: ['0', '1'] }],
    });
    const fabric = await call(svc.url, '/coverage/202506/fixedtiles/14/1/1.pbf?fabric=209912');
    expect(errorOf(fabric.body).details).toMatchObject({ parameter: 'fabric' });
  });

  it('needs a token', async () => {
    const res = await call(svc.url, HEX, { noAuth: true });
    expect([res.status, errorOf(res.body).code]).toEqual([401, 'unauthorized']);
  });

  it('answers a valid request with a tile', async () => {
    const res = await fetch(
      `${svc.url}${HEX}&audience=business&speed=250/25&tech=licensed&lowlatency=1`,
      {
        headers: { Authorization: `Bearer ${TOKEN}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });
});
