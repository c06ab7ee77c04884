// Plain words for fabric codes and locate results, so the panel reads like a sentence.
import type { MatchType } from '../../api/schemas';

const MATCH_LABEL: Record<MatchType, string> = {
  FootprintParcel: 'Footprint and parcel match',
  Footprint: 'Footprint match',
  Parcel: 'Parcel match',
  Nearest: 'Nearest location',
};

/** Distance as a planner would say it: whole meters, "under 1 m" rather than "0 m". */
export function formatMeters(distancem: number): string {
  if (distancem < 1) return 'under 1 m';
  if (distancem >= 1000) return `${(distancem / 1000).toFixed(1)} km`;
  return `${Math.round(distancem)} m`;
}

/** "Footprint and parcel match, 4 m": how a click found its location. */
export function describeMatch(matchtype: string, distancem: number): string {
  const label = MATCH_LABEL[matchtype as MatchType] ?? `Match (${matchtype})`;
  return `${label}, ${formatMeters(distancem)}`;
}

/** What to say when locate finds nothing, and what to try next. */
export function noMatchMessage(neardistancem: number, maxNeardistancem = 100): string {
  const none = `No fabric location within ${formatMeters(neardistancem)}.`;
  return neardistancem < maxNeardistancem
    ? `${none} Widen the search in Settings.`
    : `${none} Click closer to a building, or search an address.`;
}

const BUILDING_TYPE: Record<string, string> = {
  R: 'Residential',
  B: 'Business',
  X: 'Mixed use',
  C: 'Community anchor',
  E: 'Other',
  G: 'Other',
};

export function buildingTypeLabel(code: string): string {
  return BUILDING_TYPE[code] ?? `Unknown (${code})`;
}

const SMALL_NUMBERS = [
  'No',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
];

/** "One unit", "Four units", "48 units". */
export function unitCountWords(count: number): string {
  const noun = count === 1 ? 'unit' : 'units';
  const number = SMALL_NUMBERS[count] ?? count.toLocaleString('en-US');
  return `${number} ${noun}`;
}

export function bslLabel(flag: number): string {
  return flag === 1 ? 'Broadband serviceable location' : 'Not a broadband serviceable location';
}
