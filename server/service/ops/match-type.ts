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
import type { Fabric } from '../store/fabric';
import type { MatchCode, MatchParts } from '../store/store';

/** Bumped whenever the scoring, the floor or the F/P rule changes, so clients can tell. */
export const RULE_VERSION = '1';

export interface CandidateFacts {
  fabric: Fabric;
  /** Canonical road name per road, upper-case town name per town. */
  roadNames: readonly string[];
  townNames: readonly string[];
}

export function matchCode(facts: CandidateFacts, q: MatchParts, i: number): MatchCode {
  const { locations: loc, towns, county } = facts.fabric;
  if (q.road === undefined || q.road !== facts.roadNames[loc.road[i]]) return 'P';
  const city = q.city === undefined ? undefined : q.city === facts.townNames[loc.town[i]];
  const zip = q.postcode === undefined ? undefined : q.postcode === towns[loc.town[i]].zip;
  if (city === false || zip === false || (city === undefined && zip === undefined)) return 'P';
  if (q.state !== undefined && q.state !== county.state) return 'P';
  const unit = loc.unit[i] > 0 ? String(loc.unit[i]) : undefined;
  return q.unit === unit ? 'F' : 'P';
}
