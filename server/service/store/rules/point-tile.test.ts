// encodePointTile writes the layer itself; its bytes must be vt-pbf's for the same features
// (what it wrote before, through geojson-vt's tile shape), whatever the properties hold.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromGeojsonVt } from 'vt-pbf';
import { encodePointTile, tileUnits, type TilePoint } from './point-tile';
import { TILE_EXTENT, tileBBox } from './tile-grid';

/** The same layer through vt-pbf's own writer (no layer at all without points). */
function viaVtPbf(layer: string, points: readonly TilePoint[], z: number, x: number, y: number) {
  if (points.length === 0) return fromGeojsonVt({}, { version: 2, extent: TILE_EXTENT });
  const features = points.map((p) => ({
    id: p.id,
    type: 1 as const,
    geometry: [tileUnits(p.lng, p.lat, z, x, y)],
    tags: p.properties,
  }));
  const tile = { features } as unknown as Parameters<typeof fromGeojsonVt>[0][string];
  return fromGeojsonVt({ [layer]: tile }, { version: 2, extent: TILE_EXTENT });
}

const Z = 14;
const X = 4_163;
const Y = 6_203;
const [W, S, E, N] = tileBBox(Z, X, Y);

const value = fc.oneof(
  fc.constantFrom('', 'R', '0', '1', 'number:1', '25/3|100/20', 'é ünïcode ✓'),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -300, max: 300 }),
  fc.constantFrom(0, -0, 1, 127, 128, 16_383, 16_384, 2 ** 31, 2 ** 32 + 5, 1_700_000_123),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);
const point = fc.record({
  id: fc.oneof(fc.nat(), fc.integer({ min: 1_000_000_000, max: 9_999_999_999 })),
  // Inside the tile and a little beyond it (the buffer), where tile units go negative.
  lng: fc.double({ min: W - (E - W) * 0.1, max: E + (E - W) * 0.1, noNaN: true }),
  lat: fc.double({ min: S - (N - S) * 0.1, max: N + (N - S) * 0.1, noNaN: true }),
  properties: fc.dictionary(fc.constantFrom('location_id', 'bsl', 'r', 'b', 'offers', 'x'), value),
});

describe('encodePointTile', () => {
  it('writes the bytes vt-pbf writes for the same points', () => {
    fc.assert(
      fc.property(fc.array(point, { maxLength: 60 }), (points) => {
        expect(encodePointTile('fixed', points, Z, X, Y)).toEqual(
          viaVtPbf('fixed', points, Z, X, Y),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('writes a long layer (lengths past one varint byte) as vt-pbf does', () => {
    const points: TilePoint[] = Array.from({ length: 3_000 }, (_, i) => ({
      id: 1_700_000_000 + i,
      lng: W + ((E - W) * (i % 97)) / 97,
      lat: S + ((N - S) * (i % 89)) / 89,
      properties: {
        location_id: 1_700_000_000 + i,
        bsl: i % 2,
        r: `t${i % 7}`,
        b: 'x'.repeat(i % 300),
      },
    }));
    expect(encodePointTile('fixed', points, Z, X, Y)).toEqual(viaVtPbf('fixed', points, Z, X, Y));
  });
});
