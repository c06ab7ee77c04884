// What a planner typed into the search box, read before anything is asked of the service:
// coordinates, a location_id or uuid, a ZIP code, a full address (it starts with a house
// number), or a name (a town, or a street without a house number). Pure, so every rule here
// is unit-tested.
//
// Which number of a pair is the latitude: a hemisphere letter decides when given ("39.78 N
// 89.63 W"). Otherwise the latitude comes first, as maps and GPS units print it, unless that
// reading cannot be right: the first number is past ±90 (no latitude is), or the pair would
// lie south and east (first negative, second positive), where no US location is; then the
// pair is longitude first, as GeoJSON writes it. So "-89.63, 39.78" is in Illinois.
import { parsePastedId, type PastedId } from './pasted-id';

export type SearchQuery =
  | { kind: 'none' }
  | { kind: 'coordinates'; lat: number; lng: number; lngFirst: boolean }
  | { kind: 'bad-coordinates'; message: string }
  | { kind: 'id'; id: PastedId }
  | { kind: 'zip'; zip: string }
  /** Digits only that are neither a ZIP nor a location_id: nothing to search yet. */
  | { kind: 'number'; digits: string }
  | { kind: 'address'; text: string }
  | { kind: 'name'; text: string };

/** Fewer characters than this name too many towns and streets to be worth a request. */
export const NAME_MIN_LENGTH = 3;

const NUMBER = String.raw`([+-]?(?:\d+(?:\.\d*)?|\.\d+))`;
// Optional degree sign and hemisphere letter after each number; a comma, a semicolon or
// spaces between the two.
const PAIR = new RegExp(
  String.raw`^${NUMBER}\s*°?\s*([NSEW])?\s*(?:[,;]\s*|\s+)${NUMBER}\s*°?\s*([NSEW])?$`,
  'i',
);
const ZIP = /^(\d{5})(?:-\d{4})?$/;
/** A house number as match reads one: digits, maybe one letter ("12B"); not "1ST" or "42ND". */
const HOUSE_NUMBER = /^\d+[A-Z]?$/i;

interface Coordinate {
  value: number;
  hemisphere: string;
  decimal: boolean;
}

function signed(c: Coordinate): number {
  return c.hemisphere === 'S' || c.hemisphere === 'W' ? -Math.abs(c.value) : c.value;
}

function readPair(text: string): Coordinate[] | null {
  const m = PAIR.exec(text);
  if (!m) return null;
  const pair = [
    { value: Number(m[1]), hemisphere: (m[2] ?? '').toUpperCase(), decimal: m[1].includes('.') },
    { value: Number(m[3]), hemisphere: (m[4] ?? '').toUpperCase(), decimal: m[3].includes('.') },
  ];
  // Two bare whole numbers with a space between ("1201 62704") are not a position; a comma,
  // a decimal point or a hemisphere letter says they are.
  const separator = text.slice(m[1].length).trimStart();
  const marked = pair.some((c) => c.decimal || c.hemisphere) || /^[°NSEW\s]*[,;]/i.test(separator);
  return marked ? pair : null;
}

function coordinates(text: string, pair: Coordinate[]): SearchQuery {
  const [a, b] = pair;
  const isLat = (c: Coordinate) => c.hemisphere === 'N' || c.hemisphere === 'S';
  const isLng = (c: Coordinate) => c.hemisphere === 'E' || c.hemisphere === 'W';
  let lngFirst: boolean;
  if (isLat(a) || isLng(b)) lngFirst = false;
  else if (isLng(a) || isLat(b)) lngFirst = true;
  else lngFirst = Math.abs(a.value) > 90 || (a.value < 0 && b.value > 0);
  const [lat, lng] = lngFirst ? [signed(b), signed(a)] : [signed(a), signed(b)];
  if ((isLat(a) && isLat(b)) || (isLng(a) && isLng(b))) {
    return {
      kind: 'bad-coordinates',
      message: 'Give one latitude (N or S) and one longitude (E or W).',
    };
  }
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    // Whole numbers out of range read better as a grid address ("100 E 200 S") than as a
    // mistyped position.
    if (!a.decimal && !b.decimal) return { kind: 'address', text };
    return {
      kind: 'bad-coordinates',
      message: `“${text}” is not a position: latitude must be within ±90 and longitude within ±180.`,
    };
  }
  return { kind: 'coordinates', lat, lng, lngFirst };
}

export function classifyQuery(raw: string): SearchQuery {
  const text = raw.trim();
  if (text === '') return { kind: 'none' };
  const id = parsePastedId(text);
  if (id) return { kind: 'id', id };
  const pair = readPair(text);
  if (pair) return coordinates(text, pair);
  const zip = ZIP.exec(text);
  if (zip) return { kind: 'zip', zip: zip[1] };
  if (/^\d+$/.test(text)) return { kind: 'number', digits: text };
  const words = text.split(/[\s,]+/).filter(Boolean);
  if (words.length > 1 && HOUSE_NUMBER.test(words[0])) return { kind: 'address', text };
  return text.length >= NAME_MIN_LENGTH ? { kind: 'name', text } : { kind: 'none' };
}
