// A basemap set at start: a PMTiles archive written here is sent by HTTP range requests and read
// back whole by the pmtiles package over the real port; /api/health tells the browser where it
// is; bad ranges and bad settings are refused, naming the rule or the variable.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FetchSource, PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBasemapEnv } from './basemap-env';
import { startAppFrontDoor, type FrontDoorServer } from './testing/front-door-servers';
import { pmtilesArchive, solidPng } from './testing/pmtiles-archive';

let dir: string;
let archive: Buffer;
let app: FrontDoorServer;
const ARCHIVE = '/basemap/archive.pmtiles';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'basemap-'));
  archive = pmtilesArchive(solidPng([200, 30, 160]));
  await writeFile(join(dir, 'world.pmtiles'), archive);
  app = await startAppFrontDoor({ BASEMAP_PMTILES: join(dir, 'world.pmtiles') });
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('BASEMAP_PMTILES', () => {
  it('is told in capabilities, and read by the pmtiles package over range requests', async () => {
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as {
      capabilities: { basemap?: unknown };
    };
    expect(health.capabilities.basemap).toEqual({ style: null, archive: ARCHIVE });
    const pm = new PMTiles(new FetchSource(`${app.url}${ARCHIVE}`));
    expect(await pm.getHeader()).toMatchObject({ tileType: 2, minZoom: 0, maxZoom: 0 });
    const tile = await pm.getZxy(0, 0, 0);
    expect(Buffer.from(tile!.data)).toEqual(solidPng([200, 30, 160]));
  });

  it('answers a range 206 with Content-Range, the whole archive 200, a bad range 416 JSON', async () => {
    const part = await fetch(`${app.url}${ARCHIVE}`, { headers: { range: 'bytes=0-6' } });
    expect([part.status, part.headers.get('accept-ranges')]).toEqual([206, 'bytes']);
    expect(part.headers.get('content-range')).toBe(`bytes 0-6/${archive.length}`);
    expect(await part.text()).toBe('PMTiles');
    const tail = await fetch(`${app.url}${ARCHIVE}`, { headers: { range: 'bytes=-4' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(archive.subarray(-4));
    const whole = await fetch(`${app.url}${ARCHIVE}`);
    expect([whole.status, whole.headers.get('accept-ranges')]).toEqual([200, 'bytes']);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(archive);
    for (const range of [`bytes=${archive.length}-`, 'bytes=5-2', 'lines=0-1', 'bytes=0-1,4-5']) {
      const refused = await fetch(`${app.url}${ARCHIVE}`, { headers: { range } });
      expect(refused.status, range).toBe(416);
      expect(refused.headers.get('content-range')).toBe(`bytes */${archive.length}`);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('range_not_satisfiable');
      expect(body.error.message).toContain('bytes=start-end');
    }
  });
});

describe('BASEMAP_STYLE and BASEMAP_PMTILES at start', () => {
  it('takes a style URL as it is, and a style file to send', async () => {
    expect(
      parseBasemapEnv({ BASEMAP_STYLE: 'https://tiles.example.org/style.json' }),
    ).toMatchObject({
      basemap: { style: 'https://tiles.example.org/style.json', archive: null },
      onlineOrigin: 'https://tiles.example.org',
    });
    const file = join(dir, 'style.json');
    await writeFile(file, JSON.stringify({ version: 8, sources: {}, layers: [] }));
    expect(parseBasemapEnv({ BASEMAP_STYLE: file })).toMatchObject({
      basemap: { style: '/basemap/style.json', archive: null },
      styleFile: file,
    });
    expect(parseBasemapEnv({})).toMatchObject({ basemap: null });
  });

  it('refuses what it cannot use, naming the variable', async () => {
    const notJson = join(dir, 'style.txt');
    await writeFile(notJson, 'not a style');
    const vector = join(dir, 'vector.pmtiles');
    const tiles = pmtilesArchive(Buffer.from('tile'));
    tiles[99] = 1; // MVT
    await writeFile(vector, tiles);
    const cases: [Record<string, string>, RegExp][] = [
      [
        { BASEMAP_STYLE: 'ftp://tiles.example.org/style.json' },
        /BASEMAP_STYLE must be an http\(s\) URL/,
      ],
      [{ BASEMAP_STYLE: join(dir, 'missing.json') }, /BASEMAP_STYLE must name a readable file/],
      [{ BASEMAP_STYLE: notJson }, /BASEMAP_STYLE must be a MapLibre style/],
      [{ BASEMAP_PMTILES: notJson }, /BASEMAP_PMTILES must be a PMTiles version 3 archive/],
      [{ BASEMAP_PMTILES: vector }, /BASEMAP_PMTILES holds vector tiles: set BASEMAP_STYLE/],
    ];
    for (const [env, message] of cases) expect(() => parseBasemapEnv(env)).toThrow(message);
  });
});
