// match over the memory store: an address (free text or parts) → the fabric locations it most
// likely names, ranked by similarity (match-rank.ts decides; every store shares it). Not a
// geocoder: the house number must exist on a candidate, and nothing scoring below MATCH_FLOOR
// is returned. Candidates come from an index by house number grouped by road, so a query
// touches only the locations sharing its house number, never the whole fabric.
import type { FabricIndex } from '../fabric-index';
import type { MatchParts, MatchResponse, SourceKey } from '../../store';
import { addressPrimary, locationUuid } from './location-records';
import {
  ROAD_MIN,
  MatchRanker,
  matchAnswer,
  readMatchQuery,
  roadSimilarity,
  type MatchCandidate,
} from '../../rules/match-rank';
import { roadParts } from '../../rules/match-text';
import { countyOfLocation } from '../../fabric-counties';

export { MATCH_FLOOR } from '../../rules/match-rank';

export interface Matcher {
  match(
    vi: number,
    query: { text: string } | MatchParts,
    maxresults: number,
    sourcekey: SourceKey,
  ): MatchResponse;
}

interface Candidate extends MatchCandidate {
  i: number;
}

export function createMatcher(ix: FabricIndex): Matcher {
  const { locations: loc, roads, towns } = ix.fabric;
  const county = countyOfLocation(ix.fabric);
  const roadInfo = roads.name.map((n) => roadParts(n));
  const townUpper = towns.map((t) => t.name.toUpperCase());
  const townNames = [...new Set(townUpper)];

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

  const candidate = (i: number): Candidate => {
    const town = towns[loc.town[i]];
    return {
      i,
      location_id: loc.locationId[i],
      road: roadInfo[loc.road[i]],
      unit: loc.unit[i] > 0 ? String(loc.unit[i]) : '',
      city: townUpper[loc.town[i]],
      zip: town.zip,
      state: county(i).state,
    };
  };

  return {
    match(vi, query, maxresults, sourcekey) {
      const q = readMatchQuery(query, townNames);
      const ranker = new MatchRanker<Candidate>(q, maxresults);
      const h = q.house ?? -1;
      if (vi >= 0 && h >= 0 && h <= maxHouse) {
        const bit = 1 << vi;
        let lastRoad = -1;
        let roadSim = 1;
        for (let k = houseStart[h]; k < houseStart[h + 1]; k++) {
          const i = order[k];
          if (!(loc.presence[i] & bit)) continue;
          if (loc.road[i] !== lastRoad) {
            lastRoad = loc.road[i];
            roadSim = roadSimilarity(q.road, roadInfo[lastRoad]);
          }
          if (roadSim < ROAD_MIN) continue; // no candidate object for an unlike road
          ranker.offer(candidate(i), roadSim);
        }
      }
      return matchAnswer(
        q,
        ranker.best,
        ({ i, location_id, city, state, zip }) => ({
          location_id,
          uuid: locationUuid(ix, vi, i),
          address: addressPrimary(ix, i),
          city,
          state,
          zip,
          zip_suffix: String(loc.zipSuffix[i]).padStart(4, '0'),
          latitude: loc.lat[i],
          longitude: loc.lng[i],
        }),
        sourcekey,
      );
    },
  };
}
