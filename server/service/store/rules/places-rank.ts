// places (ours, reference service only): text without a house number → the towns, ZIP codes
// and streets of the vintage it names, each with the bounding box of its locations, and for a
// street the addresses on it. match cannot answer a street alone (it needs a house number to
// select candidates), so a planner who knows only "Oak St" gets the street's addresses here.
//
// Scores (0..1, kept from PLACE_FLOOR up): a name equal to the query 1; a name starting with the
// query (typing under way, 3+ characters) 0.9, or one of its words doing so 0.85; otherwise the
// edit similarity × 0.9. A street compares as match compares roads (the name core, then suffix
// and directional agreement, each 0.5 when the query omits it), so "oak" finds OAK ST at 0.95.
//
// A county or state the release holds is named as the Census file names it, with or without
// its kind and state after it: "Sangamon", "Sangamon County", "sangamon co, IL", "Illinois".
//
// rankPlaces is the decision, over an index any store builds (place-entries.ts's shapes); each
// store lists the chosen streets' addresses from what it holds.
import type { PlaceRecord } from '../../../contract/schemas/places';
import { parseAddress, roadParts, stringSimilarity, tokens, type RoadParts } from './match-text';
import type { BoundaryEntry, PlacesIndex, StreetBase } from './place-entries';

export const PLACE_FLOOR = 0.8;
const KIND_ORDER = { town: 0, county: 1, state: 2, zip: 3, street: 4 } as const;
const COUNTY_WORDS = new Set(['COUNTY', 'CO', 'CNTY', 'PARISH']);
const STATE_WORDS = new Set(['IL', 'ILL', 'ILLINOIS']);

function nameScore(query: string, name: string): number {
  if (query === name) return 1;
  if (query.length >= 3 && name.startsWith(query)) return 0.9;
  if (query.length >= 3 && name.split(' ').some((w) => w.startsWith(query))) return 0.85;
  const similar = 0.9 * stringSimilarity(query, name);
  return similar >= PLACE_FLOOR ? similar : 0;
}

function streetScore(q: RoadParts, r: RoadParts): number {
  if (q.canonical === r.canonical) return 1;
  const suffix = q.suffix === '' ? 0.5 : q.suffix === r.suffix ? 1 : 0;
  const qd = q.prefix + q.postfix;
  const rd = r.prefix + r.postfix;
  const dir = qd === rd ? 1 : qd === '' ? 0.5 : 0;
  const road = 0.8 * stringSimilarity(q.core, r.core) + 0.1 * suffix + 0.1 * dir;
  if (road >= PLACE_FLOOR) return road;
  return q.core.length >= 3 && r.core.startsWith(q.core) && suffix > 0 && dir > 0 ? 0.85 : 0;
}

/** The county's or state's name score, its kind word and state set aside from the query's end. */
function boundaryScore(words: string[], e: BoundaryEntry, stateKey: string | undefined): number {
  if (e.kind === 'state') return nameScore(words.join(' '), e.key);
  let text = words.join(' ');
  for (const state of [e.state, stateKey]) {
    if (state && text.endsWith(` ${state}`)) text = text.slice(0, -state.length - 1);
  }
  const last = text.lastIndexOf(' ');
  if (last > 0 && COUNTY_WORDS.has(text.slice(last + 1))) text = text.slice(0, last);
  return nameScore(text, e.key);
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The places answered, and the street whose addresses are listed (when one street is best). */
export interface RankedPlaces<S extends StreetBase> {
  places: PlaceRecord[];
  streets: S[];
}

/** What places decides, whichever store holds the index: the places, best first. */
export function rankPlaces<S extends StreetBase>(
  index: PlacesIndex<S>,
  q: string,
  maxresults: number,
): RankedPlaces<S> {
  const words = tokens(q);
  const found: { record: PlaceRecord; street?: S }[] = [];
  // Each place in its own state: a workspace may span counties of several.
  const place = (record: Omit<PlaceRecord, 'state'>, state: string, street?: S) =>
    found.push({ record: { ...record, state }, street });

  const digits = /^\d{3,5}$/.test(words.join('')) && words.length === 1 ? words[0] : null;
  const parsed = parseAddress(
    q,
    index.towns.map((t) => t.key),
  );
  for (const z of index.zips) {
    const score =
      z.zip === (parsed.postcode ?? digits) ? 1 : digits && z.zip.startsWith(digits) ? 0.9 : 0;
    if (score === 0) continue;
    place(
      {
        kind: 'zip',
        name: z.zip,
        city: z.town,
        zips: [z.zip],
        locationcount: z.count,
        bbox: z.bbox,
        outline: z.outline,
        score,
      },
      z.state,
    );
  }
  if (!digits) {
    // A town is named by the words left once a trailing ZIP and state are set aside.
    const name = words.filter((w, k) => !(k > 0 && (/^\d{5}$/.test(w) || STATE_WORDS.has(w))));
    for (const t of index.towns) {
      const score = nameScore(name.join(' '), t.key);
      if (score === 0) continue;
      const zips = [...t.zips].sort();
      place(
        {
          kind: 'town',
          name: t.name,
          city: null,
          zips,
          locationcount: t.count,
          bbox: t.bbox,
          outline: t.outline,
          score,
        },
        t.state,
      );
    }
  }
  if (!digits) {
    const stateKeys = new Map(
      index.boundaries.filter((b) => b.kind === 'state').map((b) => [b.geoid, b.key]),
    );
    for (const b of index.boundaries) {
      const score = boundaryScore(words, b, stateKeys.get(b.geoid.slice(0, 2)));
      if (score === 0) continue;
      found.push({
        record: {
          kind: b.kind,
          name: b.name,
          city: null,
          state: b.state,
          zips: [],
          locationcount: b.count,
          bbox: b.bbox,
          outline: null,
          score,
          geoid: b.geoid,
        },
      });
    }
  }
  if (parsed.road && !digits) {
    const qRoad = roadParts(parsed.road);
    const city = parsed.city;
    for (const s of index.streets) {
      if (parsed.postcode && !s.zips.has(parsed.postcode)) continue;
      if (city && stringSimilarity(city, s.town.toUpperCase()) < PLACE_FLOOR) continue;
      const score = streetScore(qRoad, s.parts);
      if (score === 0) continue;
      const zips = [...s.zips].sort();
      place(
        {
          kind: 'street',
          name: s.name,
          city: s.town,
          zips,
          locationcount: s.count,
          bbox: s.bbox,
          outline: null,
          score,
        },
        s.state,
        s,
      );
    }
  }
  found.sort(
    (a, b) =>
      b.record.score - a.record.score ||
      KIND_ORDER[a.record.kind] - KIND_ORDER[b.record.kind] ||
      b.record.locationcount - a.record.locationcount ||
      a.record.name.localeCompare(b.record.name),
  );
  const [top, next] = found;
  return {
    places: found
      .slice(0, maxresults)
      .map(({ record }) => ({ ...record, score: round(record.score) })),
    // Addresses when one street is the best answer. Several as good ("oak": OAK ST in one town,
    // OAK PL in another) list none: the caller picks a street, then asks with its name and town.
    streets: top?.street && next?.record.score !== top.record.score ? [top.street] : [],
  };
}
