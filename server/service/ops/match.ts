// match: an address (free text or parts) → the fabric locations it most likely names, ranked by
// similarity. Not a geocoder: the house number must exist on a candidate, and nothing scoring
// below MATCH_FLOOR is returned.
//
// Similarity is a weighted mean over the parts the query gives (a missing city, ZIP or state
// costs nothing): house number 0.30 (exact, it selects the candidates), road 0.40, city 0.10,
// ZIP 0.10, state 0.05, unit 0.05. Road similarity is 0.8 × edit similarity of the name core
// + 0.1 × suffix agreement + 0.1 × directional agreement (each 0.5 when the query omits it).
// Candidates come from an index by house number grouped by road, so a query touches only the
// locations sharing its house number, never the whole fabric.
import type { FabricIndex } from '../store/memory/fabric-index';
import type { MatchLocation, MatchParts, MatchResponse, SourceKey } from '../store/store';
import { addressPrimary, locationUuid } from './location-records';
import { parseAddress, roadParts, stringSimilarity, tokens, type RoadParts } from './match-text';
import { RULE_VERSION, matchCode, type CandidateFacts } from './match-type';

/** Results below this similarity are not returned (a wrong street name scores about 0.55–0.66). */
export const MATCH_FLOOR = 0.8;
/** Roads less alike than this are skipped before the other parts are scored. */
const ROAD_MIN = 0.6;
const W = { house: 0.3, road: 0.4, city: 0.1, postcode: 0.1, state: 0.05, unit: 0.05 };

export interface Matcher {
  match(
    vi: number,
    query: { text: string } | MatchParts,
    maxresults: number,
    sourcekey: SourceKey,
  ): MatchResponse;
}

function roadSimilarity(q: RoadParts, r: RoadParts): number {
  const core = stringSimilarity(q.core, r.core);
  const suffix = q.suffix === '' ? 0.5 : q.suffix === r.suffix ? 1 : 0;
  const qd = q.prefix + q.postfix;
  const rd = r.prefix + r.postfix;
  const dir = qd === rd ? 1 : qd === '' ? 0.5 : 0;
  return 0.8 * core + 0.1 * suffix + 0.1 * dir;
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

export function createMatcher(ix: FabricIndex): Matcher {
  const { locations: loc, roads, towns, county } = ix.fabric;
  const roadInfo = roads.name.map((n) => roadParts(n));
  const townUpper = towns.map((t) => t.name.toUpperCase());
  const townNames = [...new Set(townUpper)];
  const facts: CandidateFacts = {
    fabric: ix.fabric,
    roadNames: roadInfo.map((r) => r.canonical),
    townNames: townUpper,
  };

  // Locations sorted by (house number, road): a counting sort by road, then a stable one by
  // house number, so byHouse.start[h] .. start[h+1] lists house number h road by road.
  let maxHouse = 0;
  for (let i = 0; i < loc.count; i++)
    if (loc.houseNumber[i] > maxHouse) maxHouse = loc.houseNumber[i];
  const roadStart = new Uint32Array(roads.name.length + 1);
  for (let i = 0; i < loc.count; i++) roadStart[loc.road[i] + 1]++;
  for (let r = 0; r < roads.name.length; r++) roadStart[r + 1] += roadStart[r];
  const byRoad = new Uint32Array(loc.count);
  for (let i = 0, fill = roadStart.slice(); i < loc.count; i++) byRoad[fill[loc.road[i]]++] = i;
  const houseStart = new Uint32Array(maxHouse + 2);
  for (let i = 0; i < loc.count; i++) houseStart[loc.houseNumber[i] + 1]++;
  for (let h = 0; h <= maxHouse; h++) houseStart[h + 1] += houseStart[h];
  const order = new Uint32Array(loc.count);
  for (let k = 0, fill = houseStart.slice(); k < loc.count; k++)
    order[fill[loc.houseNumber[byRoad[k]]]++] = byRoad[k];

  function score(q: MatchParts, qRoad: RoadParts | null, roadSim: number, i: number): number {
    let total = W.house;
    let weight = W.house;
    if (qRoad) {
      total += W.road * roadSim;
      weight += W.road;
    }
    if (q.city) {
      total += W.city * stringSimilarity(q.city, townUpper[loc.town[i]]);
      weight += W.city;
    }
    if (q.postcode) {
      const zip = towns[loc.town[i]].zip;
      total +=
        W.postcode *
        (zip === q.postcode ? 1 : zip.slice(0, 3) === q.postcode.slice(0, 3) ? 0.3 : 0);
      weight += W.postcode;
    }
    if (q.state) {
      total += W.state * (q.state === county.state ? 1 : 0);
      weight += W.state;
    }
    if (q.unit) {
      total += W.unit * (String(loc.unit[i]) === q.unit ? 1 : 0);
      weight += W.unit;
    } else if (loc.unit[i] > 0) {
      total *= 0.98; // an apartment when no unit was asked for: still a match, ranked after the building's own record
    }
    return total / weight;
  }

  return {
    match(vi, query, maxresults, sourcekey) {
      const text = 'text' in query ? query.text : '';
      const parsed = 'text' in query ? parseAddress(query.text, townNames) : normaliseParts(query);
      const empty: MatchResponse = {
        text,
        parsed,
        matchcount: 0,
        locations: [],
        matchtype: null,
        alternates: null,
        ruleversion: RULE_VERSION,
        sourcekey,
      };
      const h = parsed.house_number === undefined ? -1 : Number(parsed.house_number);
      if (vi < 0 || !(h >= 0 && h <= maxHouse)) return empty;
      const qRoad = parsed.road ? roadParts(parsed.road) : null;
      const bit = 1 << vi;
      const best: { i: number; s: number }[] = [];
      let lastRoad = -1;
      let roadSim = 1;
      for (let k = houseStart[h]; k < houseStart[h + 1]; k++) {
        const i = order[k];
        if (!(loc.presence[i] & bit)) continue;
        if (loc.road[i] !== lastRoad) {
          lastRoad = loc.road[i];
          roadSim = qRoad ? roadSimilarity(qRoad, roadInfo[lastRoad]) : 1;
        }
        if (roadSim < ROAD_MIN) continue;
        const s = score(parsed, qRoad, roadSim, i);
        if (s < MATCH_FLOOR) continue;
        if (best.length === maxresults && s <= best[best.length - 1].s) continue;
        let at = best.length;
        while (at > 0 && best[at - 1].s < s) at--; // ties keep scan order (road, then location_id)
        best.splice(at, 0, { i, s });
        if (best.length > maxresults) best.pop();
      }
      const locations: MatchLocation[] = best.map(({ i, s }, rank) => {
        const town = towns[loc.town[i]];
        return {
          matchrank: rank + 1,
          location_id: loc.locationId[i],
          uuid: locationUuid(ix, vi, i),
          address: addressPrimary(ix, i),
          city: town.name.toUpperCase(),
          state: county.state,
          zip: town.zip,
          zip_suffix: String(loc.zipSuffix[i]).padStart(4, '0'),
          latitude: loc.lat[i],
          longitude: loc.lng[i],
          similarity: Math.round(s * 1000) / 1000,
        };
      });
      if (locations.length === 0) return empty;
      const codes = best.map(({ i }) => matchCode(facts, parsed, i));
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
        text,
        parsed,
        matchcount: locations.length,
        locations,
        matchtype: codes[0]!,
        alternates,
        ruleversion: RULE_VERSION,
        sourcekey,
      };
    },
  };
}
