// Rural roads on the one-mile section grid (central Illinois' Public Land Survey pattern), with
// a few missing segments, clipped to the county and kept out of towns. Also a few highways.
import { inCounty, type CountyGeo } from './county';
import { ROAD_CLASS, type RoadsBuilder } from './fabric-builder';
import { ruralRoadNames } from './names';
import { hashUnit, type Rng } from './prng';
import { inTown, type TownPlan } from './town-plan';

export const SECTION = 1609.344;

export interface LinePiece {
  t0: number;
  t1: number;
  road: number;
}

export interface SectionGrid {
  x0: number;
  y0: number;
  nx: number;
  ny: number;
  /** Pieces per vertical line i (x = x0 + i * SECTION), along y ascending. */
  vertical: LinePiece[][];
  /** Pieces per horizontal line j (y = y0 + j * SECTION), along x ascending. */
  horizontal: LinePiece[][];
  /** Where house numbers start counting along each direction. */
  tMinX: number;
  tMinY: number;
}

export function findPiece(pieces: readonly LinePiece[], t: number): LinePiece | undefined {
  for (const p of pieces) if (t >= p.t0 && t <= p.t1) return p;
  return undefined;
}

export function layOutSectionRoads(
  geo: CountyGeo,
  plans: readonly TownPlan[],
  roads: RoadsBuilder,
  rng: Rng,
): SectionGrid {
  const x0 = geo.minX - rng.range(0, SECTION);
  const y0 = geo.minY - rng.range(0, SECTION);
  const nx = Math.ceil((geo.maxX - x0) / SECTION) + 1;
  const ny = Math.ceil((geo.maxY - y0) / SECTION) + 1;
  const gapSeed = rng.nextU32();
  const names = ruralRoadNames(rng);
  const open = (x: number, y: number) => inCounty(geo, x, y) && !plans.some((p) => inTown(p, x, y));
  const step = 20;

  const layLine = (vertical: boolean, k: number): LinePiece[] => {
    const fixed = (vertical ? x0 : y0) + k * SECTION;
    const from = vertical ? geo.minY : geo.minX;
    const to = vertical ? geo.maxY : geo.maxX;
    const base = vertical ? y0 : x0;
    const name = names.take();
    const pieces: LinePiece[] = [];
    let start = NaN;
    const flush = (end: number) => {
      if (!Number.isNaN(start) && end - start >= 100) {
        const coords = vertical ? [fixed, start, fixed, end] : [start, fixed, end, fixed];
        pieces.push({ t0: start, t1: end, road: roads.add(coords, name, ROAD_CLASS.rural) });
      }
      start = NaN;
    };
    for (let t = from; t <= to; t += step) {
      const seg = Math.floor((t - base) / SECTION);
      const gap = hashUnit(gapSeed, vertical ? 1 : 2, k, seg) < 0.07;
      const ok = !gap && (vertical ? open(fixed, t) : open(t, fixed));
      if (ok && Number.isNaN(start)) start = t;
      if (!ok) flush(t - step);
    }
    flush(to);
    return pieces;
  };

  const vertical: LinePiece[][] = [];
  for (let i = 0; i < nx; i++) vertical.push(layLine(true, i));
  const horizontal: LinePiece[][] = [];
  for (let j = 0; j < ny; j++) horizontal.push(layLine(false, j));
  return { x0, y0, nx, ny, vertical, horizontal, tMinX: geo.minX, tMinY: geo.minY };
}

/**
 * Highways and old connecting roads from the city to each village: a few jittered vertices,
 * no addresses, kept out of town grids.
 */
export function layOutConnectors(
  geo: CountyGeo,
  plans: readonly TownPlan[],
  roads: RoadsBuilder,
  rng: Rng,
): void {
  const city = plans[0];
  if (!city) return;
  const open = (x: number, y: number) => inCounty(geo, x, y) && !plans.some((p) => inTown(p, x, y));
  for (const village of plans.slice(1)) {
    const name =
      village.name === 'New Berlin' ? 'OLD JACKSONVILLE RD' : `${village.name.toUpperCase()} RD`;
    const cls = village.targetLocations > 2000 ? ROAD_CLASS.highway : ROAD_CLASS.rural;
    const pts: number[] = [];
    const n = 24;
    const amplitude = rng.range(-1500, 1500);
    for (let k = 0; k <= n; k++) {
      const t = k / n;
      const bend = Math.sin(Math.PI * t) * amplitude + rng.range(-40, 40);
      const dx = village.cx - city.cx;
      const dy = village.cy - city.cy;
      const len = Math.hypot(dx, dy);
      pts.push(city.cx + dx * t - (dy / len) * bend, city.cy + dy * t + (dx / len) * bend);
    }
    // Split into pieces where the line leaves towns or the county.
    let piece: number[] = [];
    const flush = () => {
      if (piece.length >= 4) roads.add(piece, name, cls);
      piece = [];
    };
    for (let k = 0; k < pts.length; k += 2) {
      const x = pts[k] as number;
      const y = pts[k + 1] as number;
      if (open(x, y)) piece.push(x, y);
      else flush();
    }
    flush();
  }
}
