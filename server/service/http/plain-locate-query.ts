// The query nearly every locate sends, `latitude=…&longitude=…` and nothing else, read without
// zod: LocateQuery costs about ten times the lookup's own parsing, a tenth of what the hot
// path spends on a request. The rules are LocateQuery's for those two parameters (trimmed, a
// plain decimal number, within range); a test holds this reading to zod's for generated
// values. Any other query, and any value outside the rules, is left to LocateQuery.
import { NUMBER_TEXT } from '../../contract/schemas/common';

export interface PlainPoint {
  latitude: number;
  longitude: number;
}

function coordinate(text: string, bound: number): number | null {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= -bound && value <= bound ? value : null;
}

/** The point when the query holds a valid latitude and longitude and no other parameter. */
export function plainPoint(query: Record<string, string>): PlainPoint | null {
  let keys = 0;
  for (const _ in query) keys++;
  const { latitude, longitude } = query;
  if (keys !== 2 || latitude === undefined || longitude === undefined) return null;
  const lat = coordinate(latitude, 90);
  const lng = lat === null ? null : coordinate(longitude, 180);
  return lat === null || lng === null ? null : { latitude: lat, longitude: lng };
}
