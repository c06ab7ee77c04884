// The square test areas are drawn as, in both sides' tests: 2d degrees wide around a point.
import type { Polygon } from 'geojson';

export function squareAround(lng: number, lat: number, d: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng - d, lat - d],
        [lng + d, lat - d],
        [lng + d, lat + d],
        [lng - d, lat + d],
        [lng - d, lat - d],
      ],
    ],
  };
}
