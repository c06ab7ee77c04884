// The service's official Python client, walked through end to end over real HTTP: every
// request form it sends (docs/REAL-API.md, "What the official client sends"), in its bytes, against
// the standalone service wired as `npm run service` wires it (Hono behind the locate hot
// path, one usage meter), over a generated fabric of the demo county. Each step checks what
// the client reads from the answers. Refusals are the other HTTP tests' business.
import { booleanPointInPolygon } from '@turf/turf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../config/server-env';
import { DEFAULT_SEED, generateFabric } from '../../demo/generate-fabric';
import type { ServiceDeps } from '../app';
import { findOperation } from '../../contract/operations';
import { startStandaloneService } from '../standalone-server';
import { createMemoryStore } from '../store/memory/memory-store';
import { attach, bdcfixed, collect, locate, match } from '../testing/official-client-flows';
import { OfficialClientWire, type Row } from '../testing/official-client-wire';
import { CURRENT, TOKEN } from './harness';

const fabric = generateFabric({ seed: DEFAULT_SEED, locations: 8000 });
const store = createMemoryStore(fabric);
const logged: string[] = [];
const HOST = 'api.costquest.test';
const hosts = { [HOST]: '127.0.0.1' };
let records: Row[] = [];

/** As main.ts builds it: hot path and Hono sharing one meter and one auth throttle. */
async function serve(rateLimit?: ServiceDeps['rateLimit']) {
  const service = await startStandaloneService({
    store,
    tokens: [TOKEN],
    logError: (m) => logged.push(m),
    ...(rateLimit ? { rateLimit } : {}),
    port: 0,
    host: '127.0.0.1',
    limits: defaultLimits(),
  });
  const { port } = new URL(service.url);
  // The name a user maps to 127.0.0.1 to point the client here (see docs/REAL-API.md).
  return { baseurl: `http://${HOST}:${port}/`, fastPath: service.fastPath, close: service.close };
}

let main: Awaited<ReturnType<typeof serve>>;
let client: OfficialClientWire;
beforeAll(async () => {
  main = await serve();
  client = await new OfficialClientWire({ baseurl: main.baseurl, apikey: TOKEN, hosts }).start();
});
afterAll(async () => {
  await main.close();
  expect(logged).toEqual([]);
});

/** The requests the client sent since a mark, as "METHOD path". */
const sentSince = (mark: number) => client.sent.slice(mark).map((r) => `${r.method} ${r.path}`);

describe('the official client against the standalone service', () => {
  it('starts: listapis answers every row its choices look up, with numeric credits and chunk sizes', () => {
    const [first] = client.sent;
    expect(first).toMatchObject({ method: 'GET', path: '/accountcontrol/listapis', status: 200 });
    expect(first!.headers).toEqual([
      'Host',
      new URL(main.baseurl).host,
      'User-Agent',
      'python-requests/2.32.3',
      'Accept-Encoding',
      'gzip, deflate',
      'Accept',
      '*/*',
      'Connection',
      'keep-alive',
      'apikey',
      TOKEN,
    ]);
    const lookups = [
      ['fabric', 'data', 'GET'],
      ['fabric', 'bulk', 'POST'],
      ['fabricext', 'locate', 'POST'],
      ['fabricext', 'match', 'GET'],
      ['fabricext', 'match', 'POST'],
    ] as const;
    for (const [api, op, method] of lookups) {
      expect(Number.isFinite(client.getCredits(api, op, method)), `${api} ${op} ${method}`).toBe(
        true,
      );
      if (method === 'POST') expect(client.getMaxRequest(api, op)).toBeGreaterThan(1);
    }
  });

  let county: GeoJSON.Feature<GeoJSON.MultiPolygon | GeoJSON.Polygon>;
  let uuids: string[] = [];
  it('collects the county from libgetgeo: every location inside, once, following continuations', async () => {
    county = (await client.apiAction('geosvc/libgetgeo/tiger/2020/counties', 'GET', [
      { id: '17167' },
    ])) as typeof county;
    const mark = client.sent.length;
    const got = await collect(client, CURRENT, 'locations', county as never);
    uuids = got.uuids;
    // Continuations were followed: more than the one POST of the area.
    expect(sentSince(mark).length).toBeGreaterThan(1);
    expect(got.received).toBe(uuids.length);
    const vi = fabric.vintages.findIndex((v) => v.vintage === CURRENT);
    const loc = fabric.locations;
    let inside = 0;
    for (let i = 0; i < loc.count; i++) {
      if (loc.presence[i]! & (1 << vi) && booleanPointInPolygon([loc.lng[i]!, loc.lat[i]!], county))
        inside++;
    }
    expect(uuids.length).toBe(inside);
    const summary = (await client.apiAction(
      `fabricext/${CURRENT}/summarize?field=state_abbr`,
      'POST',
      county as never,
    )) as { locationcount: number };
    expect(summary.locationcount).toBe(inside);
  });

  let FIELDS: string[] = [];
  it('attaches every field fields lists, by bulk POST (bare uuid arrays, 5 fields a call) and by GET, alike', async () => {
    // The client filters the field list on datalevel: here every level up to the computed
    // coverage fields (20), so each record must hold every field the service lists.
    const defs = (await client.apiAction(`fabric/${CURRENT}/fields/locations`, 'GET')) as Row[];
    for (const d of defs) expect(Number.isInteger(d.datalevel), String(d.fieldname)).toBe(true);
    FIELDS = defs
      .filter((d) => (d.datalevel as number) <= 20 && d.fieldname !== 'uuid')
      .map((d) => d.fieldname as string);
    expect(FIELDS).toEqual(expect.arrayContaining(['served_status', 'max_down_mbps', 'city']));
    const some = uuids.slice(0, 1200);
    let mark = client.sent.length;
    records = await attach(client, CURRENT, some, FIELDS);
    const bulkPaths = sentSince(mark);
    const groups = Math.ceil(FIELDS.length / 5);
    expect(bulkPaths.length).toBe(groups * 2); // each field group in chunks of 1000 and 200
    expect(bulkPaths).toContain(
      `POST /fabric/${CURRENT}/bulk/locations?field=${FIELDS.slice(5, 10).join(',')}`,
    );
    // Each answer: a record per uuid asked, holding the uuid and every field of its call.
    for (const sent of client.sent.slice(mark)) {
      expect(sent.body).toMatch(/^\["[0-9a-f-]{36}", "[0-9a-f-]{36}", /);
      const asked = JSON.parse(sent.body!) as string[];
      const fields = new URL(sent.path, main.baseurl).searchParams.get('field')!.split(',');
      const answer = JSON.parse(sent.answer) as Row[];
      expect(answer.map((r) => r.uuid)).toEqual(asked);
      for (const r of answer) for (const f of fields) expect(r, f).toHaveProperty(f);
    }
    expect(records.map((r) => r.uuid).sort()).toEqual([...some].sort());

    const few = some.filter((_, i) => i % 30 === 7);
    mark = client.sent.length;
    const byGet = await attach(client, CURRENT, few, FIELDS);
    expect(sentSince(mark)).toContain(`GET /fabric/${CURRENT}/data/locations?uuid=${few[0]}`);
    expect(sentSince(mark)).toHaveLength(few.length);
    const bulkOf = new Map(records.map((r) => [r.uuid, r]));
    for (const r of byGet) {
      const b = bulkOf.get(r.uuid)!;
      expect(r).toEqual(Object.fromEntries([...FIELDS, 'uuid'].map((f) => [f, b[f]])));
    }
    expect(byGet).toHaveLength(few.length);
  });

  it('locates by GET and by POST alike, every sourcekey echoed, its columns and res in the query', async () => {
    const rows = () =>
      records.slice(0, 40).map((r, i) => ({
        sourcekey: `row ${i}`,
        latitude: r.latitude!,
        longitude: r.longitude!,
        note: `Café n° ${i}`,
      }));
    let mark = client.sent.length;
    const handled = main.fastPath!.handled;
    const byGet = await locate(client, CURRENT, rows(), { optTolerance: 1, parceldistancem: 500 });
    // The GETs took the locate hot path, as they do under `npm run service`.
    expect(main.fastPath!.handled - handled).toBe(40);
    const gets = sentSince(mark);
    expect(gets[0]).toBe('POST /geosvc/h3assign');
    expect(client.sent[mark]!.body).toMatch(
      /^\[\{"sourcekey": "row 0", "latitude": [-\d.]+, "longitude": [-\d.]+, "note": "Caf\\u00e9 n\\u00b0 0", "res": 4\}, /,
    );
    expect(gets.slice(1)).toHaveLength(40);
    for (const g of gets.slice(1)) {
      expect(g).toMatch(
        new RegExp(
          `^GET /fabricext/${CURRENT}/locate\\?parceldistancem=500&sourcekey=row\\+\\d+&latitude=[-\\d.]+&longitude=[-\\d.]+&note=Caf%C3%A9\\+n%C2%B0\\+\\d+&res=4&h3=84[0-9a-f]{13}$`,
        ),
      );
    }
    mark = client.sent.length;
    const byPost = await locate(client, CURRENT, rows(), { optTolerance: 0, parceldistancem: 500 });
    const posts = client.sent.slice(mark + 1);
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      expect(`${p.method} ${p.path}`).toBe(`POST /fabricext/${CURRENT}/locate?parceldistancem=500`);
      expect(p.body).toMatch(/^\[\{"sourcekey": "row \d+", .*"res": 4, "h3": "84[0-9a-f]{13}"\}/);
    }
    const bySourcekey = (list: Row[]) => new Map(list.map((r) => [r.sourcekey, r]));
    expect(bySourcekey(byGet).size).toBe(40);
    expect(bySourcekey(byPost)).toEqual(bySourcekey(byGet));
    records.slice(0, 40).forEach((r, i) => {
      expect(bySourcekey(byGet).get(`row ${i}`)).toMatchObject({ location_id: r.location_id });
    });
  });

  it('matches by GET and by POST alike: matchtype F for a known address, matchcount, sourcekey', async () => {
    // Half as one line of text, half as parts, as the client takes either.
    const rows: Row[] = records.slice(0, 50).map((r, i): Row => {
      const [house_number, ...road] = String(r.address_primary).split(' ');
      return i % 2 === 0
        ? {
            sourcekey: `m${i}`,
            text: `${String(r.address_primary)}, ${String(r.city)}, ${String(r.state)} ${String(r.zip)}`.toLowerCase(),
          }
        : {
            sourcekey: `m${i}`,
            house_number: house_number!,
            road: road.join(' '),
            city: r.city!,
            state: r.state!,
            postcode: r.zip!,
          };
    });
    let mark = client.sent.length;
    const byPost = await match(client, CURRENT, rows);
    expect(sentSince(mark)).toEqual([`POST /fabricext/${CURRENT}/match`]);
    expect(client.sent[mark]!.body).toMatch(
      /^\[\{"sourcekey": "m0", "text": "\d+ [a-z ]+, [a-z ]+, il \d{5}"\}, \{"sourcekey": "m1", "house_number": /,
    );
    expect(byPost).toHaveLength(50);
    byPost.forEach((answer, i) => {
      const r = records[i]!;
      // The second public client's rule: a match counts only when matchtype is "F".
      expect(answer).toMatchObject({ sourcekey: `m${i}`, matchtype: 'F', alternates: null });
      expect(answer.matchcount).toBeGreaterThanOrEqual(1);
      expect(typeof answer.ruleversion).toBe('string');
      const [best] = answer.locations as Row[];
      expect(best).toMatchObject({ address: r.address_primary, city: r.city, zip: r.zip });
    });
    mark = client.sent.length;
    const byGet = await match(client, CURRENT, rows.slice(0, 6));
    expect(sentSince(mark)).toContain(
      `GET /fabricext/${CURRENT}/match?sourcekey=m1&house_number=${String(rows[1]!.house_number)}&road=${String(rows[1]!.road).replaceAll(' ', '+')}&city=${String(rows[1]!.city).replaceAll(' ', '+')}&state=IL&postcode=${String(rows[1]!.postcode)}`,
    );
    expect(sentSince(mark)).toHaveLength(6);
    const bySourcekey = new Map(byPost.map((a) => [a.sourcekey, a]));
    for (const a of byGet) expect(a).toEqual(bySourcekey.get(a.sourcekey));
  });

  it('reads fixed coverage in bulk, 1000 ids a POST, as the per-id GETs give it', async () => {
    const ids = records.map((r) => r.location_id as number);
    const mark = client.sent.length;
    const bulk = await bdcfixed(client, CURRENT, ids);
    expect(sentSince(mark)).toEqual(Array(2).fill(`POST /coverage/bdcfixed?vintage=${CURRENT}`));
    expect(client.sent[mark]!.body).toMatch(/^\[1\d{9}, 1\d{9}, /);
    const few = ids.filter((_, i) => i % 20 === 3);
    const items = few.map((location_id) => ({ location_id }));
    const byGet = (await client.bulkApiAction(
      `coverage/bdcfixed?vintage=${CURRENT}`,
      'GET',
      items,
      1,
    )) as Row[];
    expect(client.sent.at(-1)!.path).toMatch(
      new RegExp(`^/coverage/bdcfixed\\?vintage=${CURRENT}&location_id=1\\d{9}$`),
    );
    const sorted = (list: Row[]) => list.map((r) => JSON.stringify(r)).sort();
    const wanted = new Set(few.map(String));
    expect(byGet.length).toBeGreaterThan(few.length);
    expect(sorted(bulk.filter((r) => wanted.has(r.location_id as string)))).toEqual(sorted(byGet));
    // The second chunk's ids answered too.
    expect(bulk.some((r) => r.location_id === String(ids.at(-1)))).toBe(true);
  });

  it('getusage counts every call the client made, per operation, with its credits', async () => {
    const tally = new Map<string, { calls: number; credits: number }>();
    for (const r of client.sent) {
      const op = findOperation(r.method, r.path.split('?')[0]!)!;
      const key = `${op.area} ${op.operation} ${op.method}`;
      const t = tally.get(key) ?? { calls: 0, credits: 0 };
      t.calls++;
      t.credits += client.getCredits(op.area, op.operation, op.method);
      tally.set(key, t);
    }
    const usage = (await client.apiAction('accountcontrol/getusage', 'GET')) as {
      calls: number;
      refused: number;
      operations: Row[];
    };
    const reported = new Map(
      usage.operations.map((o) => [
        `${String(o.api)} ${String(o.operation)} ${String(o.method)}`,
        { calls: o.calls, credits: o.credits },
      ]),
    );
    expect(reported).toEqual(tally);
    expect(usage).toMatchObject({ refused: 0, calls: client.sent.length - 1 });
  });
});

describe('the official client over the rate limit', () => {
  it('sleeps Retry-After + 1 s on a 429 and sends the call again, which succeeds', async () => {
    // The limiter's clock runs ahead, so the first calls of the minute leave it about half a
    // second after the budget is spent: Retry-After is 1 and the client really sleeps 2 s. The
    // minute starts at the first call the limiter counts (however long the client took to get
    // there on a busy machine).
    let skew = 0;
    let first: number | undefined;
    const limited = await serve({
      perMinute: 3,
      now: () => {
        const t = Date.now();
        first ??= t;
        return t + skew;
      },
    });
    try {
      const slept: number[] = [];
      const sleep = (s: number) => {
        slept.push(s);
        return new Promise<void>((resolve) => setTimeout(resolve, s * 1000));
      };
      const c = await new OfficialClientWire({
        baseurl: limited.baseurl,
        apikey: TOKEN,
        sleep,
        hosts,
      }).start();
      const [u1, u2, u3] = records.map((r) => r.uuid as string);
      await attach(c, CURRENT, [u1!, u2!], ['city']);
      skew = 59_500 - (Date.now() - first!);
      const ids = records.slice(0, 5).map((r) => r.location_id as number);
      const [data, coverage] = await Promise.all([
        c.apiAction(`fabric/${CURRENT}/data/locations`, 'GET', [{ uuid: u3! }]),
        bdcfixed(c, CURRENT, ids),
      ]);
      expect(slept).toEqual([2, 2]);
      const tail = c.sent.slice(3).map((r) => [r.method, r.path, r.body, r.status]);
      const get = `/fabric/${CURRENT}/data/locations?uuid=${u3}`;
      const post = `/coverage/bdcfixed?vintage=${CURRENT}`;
      const body = `[${ids.join(', ')}]`;
      // Its retry of a GET appends the query to the url it already built: the query twice.
      expect(tail).toEqual(
        expect.arrayContaining([
          ['GET', get, undefined, 429],
          ['POST', post, body, 429],
          ['GET', `${get}&uuid=${u3}`, undefined, 200],
          ['POST', post, body, 200],
        ]),
      );
      expect(tail).toHaveLength(4);
      // The answers are the unlimited service's.
      expect(data).toEqual(
        await client.apiAction(`fabric/${CURRENT}/data/locations`, 'GET', [{ uuid: u3! }]),
      );
      expect(coverage).toEqual(await bdcfixed(client, CURRENT, ids));
    } finally {
      await limited.close();
    }
  });
});
