// match: address text or parts → fabric locations (placeholder until the matcher lands).
import type { FabricIndex } from '../store/fabric-index';
import type { MatchParts, MatchResponse } from '../store/store';

export interface Matcher {
  match(vi: number, query: { text: string } | MatchParts, maxresults: number): MatchResponse;
}

export function createMatcher(_ix: FabricIndex): Matcher {
  return {
    match: (_vi, query) => ({ text: 'text' in query ? query.text : '', parsed: {}, matchcount: 0, locations: [] }),
  };
}
