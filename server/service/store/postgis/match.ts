// match over PostGIS: the locations of the release whose address begins with the query's house
// number come from SQL (an index on that number, schema.sql), and are scored, ranked and
// answered by match-rank.ts, as the memory store does. An address line is read back into the
// parts the memory store keeps in columns: "1201 OAK ST APT 2" → 1201, OAK ST, unit 2.
import type { MatchParts, MatchResponse, SourceKey } from '../store';
import {
  MatchRanker,
  ROAD_MIN,
  matchAnswer,
  readMatchQuery,
  roadSimilarity,
  type MatchCandidate,
} from '../rules/match-rank';
import { roadParts, tokens, type RoadParts } from '../rules/match-text';
import type { PgContext } from './context';
import type { AddressRow } from './records';

interface Row extends AddressRow {
  latitude: number;
  longitude: number;
}

interface Candidate extends MatchCandidate {
  row: Row;
}

const CANDIDATES = `
  SELECT l.location_id::float8 AS location_id, f.feature, l.address_primary, l.city, l.state,
         l.zip, l.zip_suffix, l.latitude, l.longitude
    FROM locations l JOIN location_features f USING (location_id)
   WHERE l.vintage = $1 AND (substring(l.address_primary FROM '^[0-9]+'))::numeric = $2::numeric`;

/** Words that start the unit at the end of an address line ("APT 2", "# 4"). */
const UNIT_WORDS = new Set(['APT', 'APARTMENT', 'UNIT', 'STE', 'SUITE', '#']);

/** The road and unit of an address line after its house number; null when there is no road. */
export function addressRoad(address: string): { road: string[]; unit: string } | null {
  const rest = tokens(address.replace(/^[0-9]+/, ''));
  const n = rest.length;
  if (n >= 3 && UNIT_WORDS.has(rest[n - 2]) && !UNIT_WORDS.has(rest[n - 1]))
    return { road: rest.slice(0, n - 2), unit: rest[n - 1] };
  return n > 0 ? { road: rest, unit: '' } : null;
}

const townNamesOf = new WeakMap<PgContext, Promise<string[]>>();

/** Every release's city names (match_cities), read once per store. */
function townNames(ctx: PgContext): Promise<string[]> {
  let names = townNamesOf.get(ctx);
  if (!names) {
    names = ctx.pool
      .query<{ city: string }>('SELECT city FROM match_cities ORDER BY city')
      .then((r) => r.rows.map((row) => row.city));
    // A failed read is not remembered: the next match asks again.
    names.catch(() => townNamesOf.delete(ctx));
    townNamesOf.set(ctx, names);
  }
  return names;
}

export async function match(
  ctx: PgContext,
  vintage: string,
  query: { text: string } | MatchParts,
  maxresults: number,
  sourcekey: SourceKey,
): Promise<MatchResponse> {
  const q = readMatchQuery(query, await townNames(ctx));
  const vi = ctx.vintageIndex(vintage);
  const ranker = new MatchRanker<Candidate>(q, maxresults);
  if (vi >= 0 && q.house !== null) {
    const { rows } = await ctx.pool.query<Row>(CANDIDATES, [vintage, String(q.house)]);
    const roads = new Map<string, { parts: RoadParts; sim: number }>();
    for (const row of rows) {
      const address = addressRoad(row.address_primary);
      if (!address) continue;
      const key = address.road.join(' ');
      let road = roads.get(key);
      if (!road) {
        const parts = roadParts(address.road);
        road = { parts, sim: roadSimilarity(q.road, parts) };
        roads.set(key, road);
      }
      if (road.sim < ROAD_MIN) continue;
      const { location_id, city, zip, state } = row;
      ranker.offer(
        { row, location_id, road: road.parts, unit: address.unit, city, zip, state },
        road.sim,
      );
    }
  }
  return matchAnswer(
    q,
    ranker.best,
    ({ row }) => ({
      location_id: row.location_id,
      uuid: ctx.codec.encode({ layer: 0, vintageIndex: vi, feature: row.feature }),
      address: row.address_primary,
      city: row.city,
      state: row.state,
      zip: row.zip,
      zip_suffix: row.zip_suffix,
      latitude: row.latitude,
      longitude: row.longitude,
    }),
    sourcekey,
  );
}
