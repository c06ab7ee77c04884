// Geodesic helpers shared by locate, summarize and tiles. Haversine on the mean Earth radius
// (IUGG 6371008.8 m) is within 0.5% of the ellipsoid, far below the parcel/near limits' scale.

export const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in meters between two lng/lat points. */
export function haversineMeters(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const s1 = Math.sin(dLat / 2);
  const s2 = Math.sin(dLng / 2);
  const h = s1 * s1 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * s2 * s2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances are reported to the decimeter: finer digits would be noise from the fabric's coordinates. */
export function roundMeters(m: number): number {
  return Math.round(m * 10) / 10;
}

/**
 * A lng/lat box that surely contains every point within `meters` of (lng, lat), for index
 * range queries followed by an exact distance test.
 */
export function boxAround(
  lng: number,
  lat: number,
  meters: number,
): [number, number, number, number] {
  const dLat = (meters / EARTH_RADIUS_M / RAD) * 1.001;
  const cosLat = Math.cos(Math.min(89.9, Math.abs(lat) + dLat) * RAD);
  const dLng = Math.min(180, dLat / Math.max(cosLat, 1e-6));
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
}
