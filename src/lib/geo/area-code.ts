// An area's rings as short URL-safe text, for a shared link (`area=d:<code>`): polyline-style
// delta encoding at 1e-5 degrees (about 1 m), written in the base64url alphabet so the query
// string needs no escapes. Each coordinate is the zig-zagged difference from the previous one,
// in 5-bit groups, low first, a group with more to come carrying 32. Rings are joined by '.',
// polygons by '*'; a ring's closing position is left out and restored on reading.
import type { Position } from 'geojson';
import type { AreaGeometry } from './area-geojson';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));
const SCALE = 1e5;
const RING = '.';
const POLYGON = '*';

export type AreaCodeParse = { ok: true; geometry: AreaGeometry } | { ok: false; reason: string };

function pushNumber(out: string[], value: number): void {
  let v = value < 0 ? -value * 2 - 1 : value * 2;
  while (v >= 32) {
    out.push(ALPHABET[32 + (v % 32)]!);
    v = Math.floor(v / 32);
  }
  out.push(ALPHABET[v]!);
}

/** The ring's positions in 1e-5 units, without the closing one or repeats made by rounding. */
function ringUnits(ring: readonly Position[]): [number, number][] {
  const units: [number, number][] = [];
  for (const [lng, lat] of ring) {
    const p: [number, number] = [Math.round(lng! * SCALE), Math.round(lat! * SCALE)];
    const last = units.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) units.push(p);
  }
  const [first] = units;
  const last = units.at(-1);
  if (units.length > 1 && first![0] === last![0] && first![1] === last![1]) units.pop();
  return units;
}

export function encodeArea(geometry: AreaGeometry): string {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const out: string[] = [];
  let x = 0;
  let y = 0;
  polygons.forEach((rings, p) => {
    if (p > 0) out.push(POLYGON);
    rings.forEach((ring, r) => {
      if (r > 0) out.push(RING);
      for (const [px, py] of ringUnits(ring)) {
        pushNumber(out, px - x);
        pushNumber(out, py - y);
        x = px;
        y = py;
      }
    });
  });
  return out.join('');
}

/** The numbers of one ring's text, or what is wrong with it. */
function readNumbers(text: string): number[] | string {
  const numbers: number[] = [];
  let v = 0;
  let factor = 1;
  for (const c of text) {
    const digit = VALUE.get(c);
    if (digit === undefined) return `holds “${c}”, which no area code has`;
    v += (digit % 32) * factor;
    factor *= 32;
    // More than 40 bits is no coordinate difference: a corrupted or forged code.
    if (factor > 2 ** 40) return 'holds a number too long for a coordinate';
    if (digit >= 32) continue;
    numbers.push(v % 2 === 1 ? -(v + 1) / 2 : v / 2);
    v = 0;
    factor = 1;
  }
  return factor === 1 ? numbers : 'ends inside a number (the link was cut short?)';
}

/** Reads a code back; the caller still applies the area rules (validate-area.ts). */
export function decodeArea(code: string): AreaCodeParse {
  if (code === '') return { ok: false, reason: 'it is empty' };
  let x = 0;
  let y = 0;
  const polygons: Position[][][] = [];
  for (const [p, polygonText] of code.split(POLYGON).entries()) {
    const rings: Position[][] = [];
    for (const [r, ringText] of polygonText.split(RING).entries()) {
      const numbers = readNumbers(ringText);
      const where = `ring ${r + 1} of polygon ${p + 1}`;
      if (typeof numbers === 'string') return { ok: false, reason: `${where} ${numbers}` };
      if (numbers.length % 2 !== 0)
        return { ok: false, reason: `${where} has a longitude without its latitude` };
      if (numbers.length < 6) return { ok: false, reason: `${where} has fewer than 3 positions` };
      const ring: Position[] = [];
      for (let i = 0; i < numbers.length; i += 2) {
        x += numbers[i]!;
        y += numbers[i + 1]!;
        ring.push([x / SCALE, y / SCALE]);
      }
      ring.push([...ring[0]!]);
      rings.push(ring);
    }
    polygons.push(rings);
  }
  return {
    ok: true,
    geometry:
      polygons.length === 1
        ? { type: 'Polygon', coordinates: polygons[0]! }
        : { type: 'MultiPolygon', coordinates: polygons },
  };
}
