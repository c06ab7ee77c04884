// POST locate's area rule (the real service's: one call covers under 10,000 km²), so a bulk
// call stays a local job; the official client groups its points by H3 cell to meet it.
import { EARTH_RADIUS_M } from '../store/rules/geodesy';

const RAD = Math.PI / 180;

/**
 * Area in km² of the latitude/longitude box around the points (exact on the sphere: the band
 * between two parallels times the longitude span). Longitudes are taken as given, so points on
 * both sides of the antimeridian make a box around the world and belong in separate calls.
 */
export function boundingBoxKm2(points: readonly { latitude: number; longitude: number }[]): number {
  if (points.length < 2) return 0;
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (const { latitude, longitude } of points) {
    if (latitude < minLat) minLat = latitude;
    if (latitude > maxLat) maxLat = latitude;
    if (longitude < minLng) minLng = longitude;
    if (longitude > maxLng) maxLng = longitude;
  }
  const r = EARTH_RADIUS_M / 1000;
  return r * r * (maxLng - minLng) * RAD * (Math.sin(maxLat * RAD) - Math.sin(minLat * RAD));
}
