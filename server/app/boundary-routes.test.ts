// The app server's boundaries over a real port, with an upstream backend that is never asked:
// a tile holds exactly the counties (and states) that reach it, a bad tile address is a 400
// naming the rule, and a county's whole outline is the one libgetgeo serves.
import { bboxPolygon, booleanIntersects } from '@turf/turf';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyBoundary, boundaryFeature } from '../service/routes/boundaries';
import { tileBBox } from '../service/store/rules/tile-grid';
import { startAppServer } from './start-app-server';
import { startFakeUpstream } from './testing/fake-upstream';

let url = '';
let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  app = await startAppServer({
    port: 0,
    distDir: '/nonexistent-dist',
    env: { SERVICE_URL: upstream.url, SERVICE_TOKEN: 'secret' },
    log: () => {},
  });
  url = app.url;
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

/** The GEOIDs of a layer of tile (z, x, y) as the app server sends it. */
async function tileIds(z: number, x: number, y: number, layer: string): Promise<string[]> {
  const res = await fetch(`${url}/boundaries/tiles/${z}/${x}/${y}.pbf`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
  const tile = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer())));
  const found = tile.layers[layer];
  if (!found) return [];
  return Array.from({ length: found.length }, (_, i) => String(found.feature(i).properties.geoid));
}

/** The boundaries of a kind that reach a box, by GEOID. */
function reaching(kind: 'counties' | 'states', box: [number, number, number, number]): string[] {
  const area = bboxPolygon(box);
  return everyBoundary(kind)
    .filter((f) => booleanIntersects(f, area))
    .map((f) => f.id)
    .sort();
}

/** The box of tile (z, x, y) without its buffer. */
function exactBox(z: number, x: number, y: number): [number, number, number, number] {
  const n = 2 ** z;
  const lng = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return [lng(x), lat(y + 1), lng(x + 1), lat(y)];
}

describe('GET /boundaries/tiles/{z}/{x}/{y}.pbf', () => {
  it('holds the counties and states that reach the tile, no others', async () => {
    // Zoom 7 around Springfield, Illinois, then zoom 4 over the middle of the country.
    for (const [z, x, y] of [
      [7, 32, 48],
      [4, 3, 6],
    ] as const) {
      for (const kind of ['counties', 'states'] as const) {
        const got = (await tileIds(z, x, y, kind)).sort();
        // Every boundary inside the tile is there; the ones past it only within its buffer.
        expect(got.length).toBeGreaterThan(0);
        for (const id of reaching(kind, exactBox(z, x, y))) expect(got).toContain(id);
        expect(reaching(kind, tileBBox(z, x, y))).toEqual(expect.arrayContaining(got));
      }
    }
    // One label point per county, in the one tile it falls in.
    const labels = await tileIds(7, 32, 48, 'county_labels');
    expect(labels).toContain('17167');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('an empty tile far from the country has no layers', async () => {
    expect(await tileIds(6, 0, 0, 'counties')).toEqual([]);
  });

  it('refuses a bad address with a 400 naming the rule', async () => {
    for (const [path, parameter, rule] of [
      ['11/0/0.pbf', 'z', 'z must be at most 10'],
      ['3/8/0.pbf', 'x', 'x and y must be below 8 at zoom 3'],
      ['3/0/8.pbf', 'x', 'x and y must be below 8 at zoom 3'],
      ['3/0/a.pbf', 'y', 'y must be a tile row followed by .pbf'],
      ['3/-1/0.pbf', 'x', 'x must be a tile column'],
    ] as const) {
      const res = await fetch(`${url}/boundaries/tiles/${path}`);
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.message).toContain(rule);
      expect(JSON.stringify(body)).toContain(`"parameter":"${parameter}"`);
    }
    expect(upstream.seen).toEqual([]);
  });
});

describe('GET /boundaries/{counties|states}/{GEOID}.json', () => {
  it('answers the whole outline libgetgeo answers', async () => {
    const res = await fetch(`${url}/boundaries/counties/17167.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(boundaryFeature('counties', '17167'));
    const state = await fetch(`${url}/boundaries/states/17.json`);
    expect(((await state.json()) as { properties: { name: string } }).properties.name).toBe(
      'Illinois',
    );
  });

  it('refuses a malformed GEOID (400) and an unknown one (404), in JSON', async () => {
    const bad = await fetch(`${url}/boundaries/counties/171.json`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
      'a 5-digit county GEOID',
    );
    const unknown = await fetch(`${url}/boundaries/counties/17999.json`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const kind = await fetch(`${url}/boundaries/towns/17167.json`);
    expect(kind.status).toBe(400);
    expect(upstream.seen).toEqual([]);
  });
});
