// match's verdict on a candidate, for clients that accept only a sure match (one known client
// takes an answer only when matchtype is "F"). Similarity ranks candidates; this says whether
// the address as given names the candidate with nothing wrong or missing:
//   F (full): the house number, the road (after USPS normalisation: case, punctuation, suffix
//     and directional abbreviations) and the city or the ZIP code all equal the candidate's,
//     and no part given disagrees (a city, ZIP, state or unit that differs), and the unit
//     agrees (none asked and none there, or the same one);
//   P (partial): above the similarity floor but not full: a typo in the road, a missing
//     suffix or directional, no city and no ZIP, a wrong ZIP, a building with units when no
//     unit was asked, ...
// No match at all answers matchtype null with no locations.
import type { MatchCode, MatchParts } from '../store';
import type { RoadParts } from './match-text';

/** Bumped whenever the scoring, the floor or the F/P rule changes, so clients can tell. */
export const RULE_VERSION = '1';

/** What match reads of a candidate location besides its house number (any store). */
export interface MatchCandidate {
  location_id: number;
  /** The road as its address writes it, split (roadParts). */
  road: RoadParts;
  /** The unit of the address ('' when none), the city in upper case, ZIP and state. */
  unit: string;
  city: string;
  zip: string;
  state: string;
}

export function matchCode(q: MatchParts, c: MatchCandidate): MatchCode {
  if (q.road === undefined || q.road !== c.road.canonical) return 'P';
  const city = q.city === undefined ? undefined : q.city === c.city;
  const zip = q.postcode === undefined ? undefined : q.postcode === c.zip;
  if (city === false || zip === false || (city === undefined && zip === undefined)) return 'P';
  if (q.state !== undefined && q.state !== c.state) return 'P';
  const unit = c.unit === '' ? undefined : c.unit;
  return q.unit === unit ? 'F' : 'P';
}
