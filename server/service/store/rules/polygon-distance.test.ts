import { describe, expect, it } from 'vitest';
import { buildFixtureFabric, fixtureLngLat } from '../../testing/fixture-fabric';
import { boundingBoxKm2 } from '../../routes/locate-extent';
import { boundaryDistanceMeters, insideWithin } from './polygon-distance';

const { parcels } = buildFixtureFabric();
const P0 = 0; // x 0..40, y 10..50 (meters of the fixture)
const P1 = 1; // x 60..160, y 10..110, with a hole x 90..130, y 40..80

const dist = (f: number, x: number, y: number) =>
  boundaryDistanceMeters(parcels.geometry, f, ...fixtureLngLat(x, y));

describe('boundaryDistanceMeters', () => {
  it('measures to the nearest edge, outside, inside and past a corner', () => {
    expect(dist(P0, -5, 30)).toBeCloseTo(5, 1);
    expect(dist(P0, 15, 25)).toBeCloseTo(15, 1);
    expect(dist(P0, 43, 54)).toBeCloseTo(5, 1); // 3 m east and 4 m north of the corner
  });
  it("counts a hole's ring as an edge", () => {
    expect(dist(P1, 105, 60)).toBeCloseTo(15, 1);
  });
});

describe('insideWithin', () => {
  it('is 0 inside, the distance within the tolerance, -1 beyond it', () => {
    const g = parcels.geometry;
    expect(insideWithin(g, P0, ...fixtureLngLat(15, 25), 0)).toBe(0);
    expect(insideWithin(g, P0, ...fixtureLngLat(-5, 30), 6)).toBeCloseTo(5, 1);
    expect(insideWithin(g, P0, ...fixtureLngLat(-5, 30), 4)).toBe(-1);
    expect(insideWithin(g, P0, ...fixtureLngLat(-5, 30), 0)).toBe(-1);
  });
});

describe('boundingBoxKm2', () => {
  it('is 0 for one point and the spherical band area for a box', () => {
    expect(boundingBoxKm2([{ latitude: 39.8, longitude: -89.6 }])).toBe(0);
    // One degree square at the equator: about 111.2 km × 111.2 km.
    const square = boundingBoxKm2([
      { latitude: 0, longitude: 0 },
      { latitude: 1, longitude: 1 },
      { latitude: 0.5, longitude: 0.2 },
    ]);
    expect(square).toBeGreaterThan(12_350);
    expect(square).toBeLessThan(12_370);
    // The same square at 60° north covers about half as much.
    const north = boundingBoxKm2([
      { latitude: 60, longitude: 0 },
      { latitude: 61, longitude: 1 },
    ]);
    expect(north / square).toBeCloseTo(Math.cos((60.5 * Math.PI) / 180), 2);
  });
});
