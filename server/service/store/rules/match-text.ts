// Address text normalisation for match: upper case, punctuation dropped, USPS suffix and
// directional abbreviations (Publication 28) applied, and a free-text line split into parts.
import type { MatchParts } from '../store';

const SUFFIX: Record<string, string> = {
  STREET: 'ST',
  STR: 'ST',
  ST: 'ST',
  AVENUE: 'AVE',
  AV: 'AVE',
  AVE: 'AVE',
  AVN: 'AVE',
  ROAD: 'RD',
  RD: 'RD',
  DRIVE: 'DR',
  DRV: 'DR',
  DR: 'DR',
  LANE: 'LN',
  LN: 'LN',
  COURT: 'CT',
  CT: 'CT',
  PLACE: 'PL',
  PL: 'PL',
  BOULEVARD: 'BLVD',
  BLVD: 'BLVD',
  BOUL: 'BLVD',
  PARKWAY: 'PKWY',
  PKWY: 'PKWY',
  PKY: 'PKWY',
  WAY: 'WAY',
  HIGHWAY: 'HWY',
  HWY: 'HWY',
  CIRCLE: 'CIR',
  CIR: 'CIR',
  TERRACE: 'TER',
  TER: 'TER',
  TRAIL: 'TRL',
  TRL: 'TRL',
  PIKE: 'PIKE',
  SQUARE: 'SQ',
  SQ: 'SQ',
  EXPRESSWAY: 'EXPY',
  EXPY: 'EXPY',
};
const DIRECTION: Record<string, string> = {
  NORTH: 'N',
  N: 'N',
  SOUTH: 'S',
  S: 'S',
  EAST: 'E',
  E: 'E',
  WEST: 'W',
  W: 'W',
  NORTHEAST: 'NE',
  NE: 'NE',
  NORTHWEST: 'NW',
  NW: 'NW',
  SOUTHEAST: 'SE',
  SE: 'SE',
  SOUTHWEST: 'SW',
  SW: 'SW',
};
const UNIT_WORDS = new Set(['APT', 'APARTMENT', 'UNIT', 'STE', 'SUITE', '#', 'NO']);
const SUFFIX_LONG = Object.keys(SUFFIX).filter((k) => k.length >= 5);
const STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ' +
    'ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'
  ).split(' '),
);
const STATE_NAMES: Record<string, string> = { ILLINOIS: 'IL', ILL: 'IL' };

/** Upper case, `#` kept as its own token, every other punctuation mark a space. */
export function tokens(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/#/g, ' # ')
    .replace(/[^A-Z0-9# ]+/g, ' ')
    .split(' ')
    .filter((t) => t.length > 0);
}

const rows = [new Int32Array(256), new Int32Array(256), new Int32Array(256)];
/**
 * Optimal string alignment distance (edits plus adjacent transpositions, so "OKA" is one slip
 * from "OAK"), with reused rows: no allocation per call. Strings past 255 chars are cut.
 */
export function levenshtein(a: string, b: string): number {
  const n = Math.min(a.length, 255);
  const m = Math.min(b.length, 255);
  if (n === 0) return m;
  if (m === 0) return n;
  let before = rows[0];
  let prev = rows[1];
  let cur = rows[2];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        d = Math.min(d, before[j - 2] + 1);
      cur[j] = d;
    }
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[m];
}

/** 1 for equal strings, 0 for nothing in common. */
export function stringSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

/** A road name split into what identifies it (core) and what people often drop or abbreviate. */
export interface RoadParts {
  prefix: string; // directional before the name, '' when none
  core: string;
  suffix: string; // canonical suffix, '' when none
  postfix: string; // directional after the suffix
  canonical: string;
}

function suffixOf(token: string): string | undefined {
  const known = SUFFIX[token];
  if (known || token.length < 5) return known;
  // "STRET", "AVENEU": one slip in a long suffix word still reads as that suffix.
  const near = SUFFIX_LONG.find((s) => levenshtein(s, token) <= 1);
  return near ? SUFFIX[near] : undefined;
}

export function roadParts(road: string | string[]): RoadParts {
  const t = typeof road === 'string' ? tokens(road) : road.slice();
  let postfix = '';
  let prefix = '';
  let suffix = '';
  if (t.length > 2 && DIRECTION[t[t.length - 1]]) postfix = DIRECTION[t.pop()!];
  if (t.length > 1) {
    const s = suffixOf(t[t.length - 1]);
    if (s) {
      suffix = s;
      t.pop();
    }
  }
  if (t.length > 1 && DIRECTION[t[0]]) prefix = DIRECTION[t.shift()!];
  const core = t.join(' ');
  const canonical = [prefix, core, suffix, postfix].filter(Boolean).join(' ');
  return { prefix, core, suffix, postfix, canonical };
}

/** Parsed parts of a free-text address; `townNames` (upper case) help find a city without commas. */
export function parseAddress(text: string, townNames: readonly string[]): MatchParts {
  const segments = text
    .split(',')
    .map(tokens)
    .filter((s) => s.length > 0);
  const parts: MatchParts = {};
  const last = () => segments[segments.length - 1];
  const popToken = () => {
    const s = last();
    const t = s.pop()!;
    if (s.length === 0) segments.pop();
    return t;
  };
  // Postcode (ZIP or ZIP+4, whose hyphen became a space), then state, from the end.
  if (
    segments.length &&
    /^\d{4}$/.test(last()[last().length - 1]) &&
    /^\d{5}$/.test(last()[last().length - 2] ?? '')
  ) {
    popToken();
  }
  if (segments.length && /^\d{5}$/.test(last()[last().length - 1])) parts.postcode = popToken();
  if (segments.length > 0) {
    const t = last()[last().length - 1];
    const state =
      STATE_NAMES[t] ??
      (STATES.has(t) && (segments.length > 1 || last().length > 2) ? t : undefined);
    if (state) {
      popToken();
      parts.state = state;
    }
  }
  if (segments.length === 0) return parts;
  const first = segments[0];
  if (/^\d+[A-Z]?$/.test(first[0]) && first.length > 1)
    parts.house_number = first.shift()!.replace(/[A-Z]$/, '');

  let road: string[];
  if (segments.length > 1) {
    road = segments[0];
    parts.city = segments.slice(1).flat().join(' ');
  } else {
    road = segments[0];
    // No commas: the trailing run of words (no digits) that best reads as a known town is the city.
    let bestN = 0;
    let bestSim = 0.8;
    for (let n = 1; n <= Math.min(3, road.length - 1); n++) {
      const tail = road.slice(road.length - n).join(' ');
      if (/\d/.test(tail)) break;
      for (const town of townNames) {
        const sim = stringSimilarity(town, tail);
        if (sim >= bestSim) [bestN, bestSim] = [n, sim];
      }
    }
    if (bestN > 0) {
      parts.city = road.slice(road.length - bestN).join(' ');
      road = road.slice(0, road.length - bestN);
    }
  }
  const u = road.findIndex((t, i) => i > 0 && UNIT_WORDS.has(t));
  if (u > 0) {
    const value = road.slice(u + 1).filter((t) => !UNIT_WORDS.has(t));
    if (value.length) parts.unit = value.join(' ');
    road = road.slice(0, u);
  }
  if (road.length) parts.road = roadParts(road).canonical;
  return parts;
}
