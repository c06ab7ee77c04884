// match's decision, apart from where candidates come from: the query parsed into the fabric's
// spelling, each candidate scored, the best kept in rank order, and the answer assembled. Every
// store calls these same functions on the candidates it fetches (the locations of the vintage
// sharing the query's house number), so stores differ only in how they find them.
//
// Similarity is a weighted mean over the parts the query gives (a missing city, ZIP or state
// costs nothing): house number 0.30 (exact, it selects the candidates), road 0.40, city 0.10,
// ZIP 0.10, state 0.05, unit 0.05. Road similarity is 0.8 × edit similarity of the name core
// + 0.1 × suffix agreement + 0.1 × directional agreement (each 0.5 when the query omits it).
import type { MatchLocation, MatchParts, MatchResponse, SourceKey } from '../store';
import { parseAddress, roadParts, stringSimilarity, tokens, type RoadParts } from './match-text';
import { RULE_VERSION, matchCode, type MatchCandidate } from './match-type';

export type { MatchCandidate } from './match-type';

/** Results below this similarity are not returned (a wrong street name scores about 0.55–0.66). */
export const MATCH_FLOOR = 0.8;
/** Roads less alike than this are skipped before the other parts are scored. */
export const ROAD_MIN = 0.6;
const W = { house: 0.3, road: 0.4, city: 0.1, postcode: 0.1, state: 0.05, unit: 0.05 };

export interface MatchQuery {
  text: string;
  parsed: MatchParts;
  /** The house number every candidate must have; null when the query has none. */
  house: number | null;
  road: RoadParts | null;
}

/** Query parts in the fabric's spelling (upper case, abbreviated, digits only where numeric). */
function normaliseParts(p: MatchParts): MatchParts {
  const out: MatchParts = {};
  const clean = (s: string | undefined) => (s ? tokens(s).join(' ') : '');
  const house = (p.house_number ?? '').replace(/\D+$/, '').replace(/^\D+/, '');
  if (/^\d+$/.test(house)) out.house_number = String(Number(house));
  if (clean(p.road)) out.road = roadParts(clean(p.road)).canonical;
  if (clean(p.unit)) out.unit = clean(p.unit).replace(/^(APT|UNIT|STE|SUITE|#) ?/, '');
  if (clean(p.city)) out.city = clean(p.city);
  if (clean(p.state)) out.state = clean(p.state) === 'ILLINOIS' ? 'IL' : clean(p.state);
  const zip = /^\s*(\d{5})/.exec(p.postcode ?? '');
  if (zip) out.postcode = zip[1];
  return out;
}

/** The query as match reads it; `townNames` (upper case) help find a city in free text. */
export function readMatchQuery(
  query: { text: string } | MatchParts,
  townNames: readonly string[],
): MatchQuery {
  const text = 'text' in query ? query.text : '';
  const parsed = 'text' in query ? parseAddress(query.text, townNames) : normaliseParts(query);
  const house = parsed.house_number === undefined ? NaN : Number(parsed.house_number);
  return {
    text,
    parsed,
    house: Number.isSafeInteger(house) && house >= 0 ? house : null,
    road: parsed.road ? roadParts(parsed.road) : null,
  };
}

/** How alike a candidate's road is to the query's (1 when the query names no road). */
export function roadSimilarity(q: RoadParts | null, r: RoadParts): number {
  if (!q) return 1;
  const core = stringSimilarity(q.core, r.core);
  const suffix = q.suffix === '' ? 0.5 : q.suffix === r.suffix ? 1 : 0;
  const qd = q.prefix + q.postfix;
  const rd = r.prefix + r.postfix;
  const dir = qd === rd ? 1 : qd === '' ? 0.5 : 0;
  return 0.8 * core + 0.1 * suffix + 0.1 * dir;
}

function score(q: MatchQuery, roadSim: number, c: MatchCandidate): number {
  const p = q.parsed;
  let total = W.house;
  let weight = W.house;
  if (q.road) {
    total += W.road * roadSim;
    weight += W.road;
  }
  if (p.city) {
    total += W.city * stringSimilarity(p.city, c.city);
    weight += W.city;
  }
  if (p.postcode) {
    const zip = c.zip;
    total +=
      W.postcode * (zip === p.postcode ? 1 : zip.slice(0, 3) === p.postcode.slice(0, 3) ? 0.3 : 0);
    weight += W.postcode;
  }
  if (p.state) {
    total += W.state * (p.state === c.state ? 1 : 0);
    weight += W.state;
  }
  if (p.unit) {
    total += W.unit * (c.unit === p.unit ? 1 : 0);
    weight += W.unit;
  } else if (c.unit !== '') {
    total *= 0.98; // an apartment when no unit was asked for: still a match, ranked after the building's own record
  }
  return total / weight;
}

export interface Ranked<C extends MatchCandidate> {
  c: C;
  s: number;
}

/**
 * The best `maxresults` candidates at or above the floor, by similarity, equal similarities by
 * location_id: the order does not depend on the order candidates are offered in.
 */
export class MatchRanker<C extends MatchCandidate> {
  readonly best: Ranked<C>[] = [];
  constructor(
    private readonly q: MatchQuery,
    private readonly maxresults: number,
  ) {}

  /** Offers a candidate whose road similarity (roadSimilarity) is already known. */
  offer(c: C, roadSim: number): void {
    if (roadSim < ROAD_MIN || this.maxresults < 1) return;
    const s = score(this.q, roadSim, c);
    if (s < MATCH_FLOOR) return;
    const best = this.best;
    const ahead = (b: Ranked<C>) => s > b.s || (s === b.s && c.location_id < b.c.location_id);
    if (best.length === this.maxresults && !ahead(best[best.length - 1])) return;
    let at = best.length;
    while (at > 0 && ahead(best[at - 1])) at--;
    best.splice(at, 0, { c, s });
    if (best.length > this.maxresults) best.pop();
  }
}

/** A ranked candidate's record, as the store holding it reads it (rank and similarity apart). */
export type MatchedLocation = Omit<MatchLocation, 'matchrank' | 'similarity'>;

/** The answer for the ranked candidates, `located` giving each one's record. */
export function matchAnswer<C extends MatchCandidate>(
  q: MatchQuery,
  ranked: readonly Ranked<C>[],
  located: (c: C) => MatchedLocation,
  sourcekey: SourceKey,
): MatchResponse {
  const locations: MatchLocation[] = ranked.map(({ c, s }, rank) => ({
    matchrank: rank + 1,
    ...located(c),
    similarity: Math.round(s * 1000) / 1000,
  }));
  const codes = ranked.map(({ c }) => matchCode(q.parsed, c));
  // Lower-ranked candidates again in brief, each with its own verdict: two full matches
  // (two records at one address) tell a client the address alone is ambiguous.
  const alternates =
    locations.length < 2
      ? null
      : locations.slice(1).map((l, k) => ({
          matchrank: l.matchrank,
          location_id: l.location_id,
          uuid: l.uuid,
          address: l.address,
          similarity: l.similarity,
          matchtype: codes[k + 1]!,
        }));
  return {
    text: q.text,
    parsed: q.parsed,
    matchcount: locations.length,
    locations,
    matchtype: codes[0] ?? null,
    alternates,
    ruleversion: RULE_VERSION,
    sourcekey,
  };
}
