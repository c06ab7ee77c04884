// A drawn area is synced as the counties it touches: one inside a county names that county
// alone; one across a county line names both, in GEOID order.
import { centroid } from '@turf/turf';
import { expect, it } from 'vitest';
import { boundaryFeature } from '../service/routes/boundaries';
import { countiesTouching } from './area-counties';

const square = ([lng, lat]: number[], d: number): GeoJSON.Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng! - d, lat! - d],
      [lng! + d, lat! - d],
      [lng! + d, lat! + d],
      [lng! - d, lat! + d],
      [lng! - d, lat! - d],
    ],
  ],
});

it('names the county an area lies in, and both counties of an area across their line', () => {
  const sangamon = centroid(boundaryFeature('counties', '17167')!).geometry.coordinates;
  const christian = centroid(boundaryFeature('counties', '17021')!).geometry.coordinates;
  expect(countiesTouching(square(sangamon, 0.02))).toEqual(['17167']);
  const between = [(sangamon[0]! + christian[0]!) / 2, (sangamon[1]! + christian[1]!) / 2];
  const across = countiesTouching(square(between, 0.05));
  expect(across).toEqual(['17021', '17167']);
});
