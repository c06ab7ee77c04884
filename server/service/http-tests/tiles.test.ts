// Vector tiles over real HTTP: a tile over the fixture decodes as a Mapbox Vector Tile with the
// four layers of docs/SERVICE.md, the locations layer carrying location_id and roads their name.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { FIXTURE_LOCATIONS, FIXTURE_ORIGIN } from '../testing/fixture-fabric';
import { CURRENT, TOKEN, serviceForFile } from './harness';

const svc = serviceForFile();

const ID = FIXTURE_LOCATIONS[0].id;

describe('tiles', () => {
  it('GET /fabric/{v}/tiles/{z}/{x}/{y}.pbf answers a vector tile with the four layers', async () => {
    // The tile at zoom 14 holding the fixture origin.
    const z14 = 2 ** 14;
    const x = Math.floor(((FIXTURE_ORIGIN.lng + 180) / 360) * z14);
    const latRad = (FIXTURE_ORIGIN.lat * Math.PI) / 180;
    const y = Math.floor(
      ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * z14,
    );
    const res = await fetch(`${svc.url}/fabric/${CURRENT}/tiles/14/${x}/${y}.pbf`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    const tile = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer())));
    // The four layers of docs/SERVICE.md; the tile may carry more (town labels).
    expect(Object.keys(tile.layers)).toEqual(
      expect.arrayContaining(['footprints', 'locations', 'parcels', 'roads']),
    );
    const locations = tile.layers.locations!;
    const ids = Array.from(
      { length: locations.length },
      (_, i) => locations.feature(i).properties.location_id,
    );
    expect(ids).toContain(ID);
    expect(tile.layers.roads!.feature(0).properties.name).toBeTypeOf('string');
  });
});
