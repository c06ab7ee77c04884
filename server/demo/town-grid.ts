// A town's street grid: east–west residential streets (lots face them) crossed by north–south
// streets, in the town's rotated frame, clipped to the town shape, the county and any larger
// town already laid out. Springfield gets N/S/E/W halves with numbers growing outward.
import type { CountyGeo } from './county';
import { inCounty } from './county';
import { ROAD_CLASS, type RoadsBuilder } from './fabric-builder';
import { localStreetNames, mainStreetNames, ordinal } from './names';
import type { Rng } from './prng';
import { inTown, type TownPlan } from './town-plan';

export class TownFrame {
  readonly cos: number;
  readonly sin: number;
  constructor(readonly plan: TownPlan) {
    this.cos = Math.cos(plan.rotation);
    this.sin = Math.sin(plan.rotation);
  }
  x(u: number, v: number): number {
    return this.plan.cx + u * this.cos - v * this.sin;
  }
  y(u: number, v: number): number {
    return this.plan.cy + u * this.sin + v * this.cos;
  }
}

/** A street piece with lots along it: the addressable east–west streets. */
export interface StreetPiece {
  road: number;
  v: number;
  u0: number;
  u1: number;
  /** +1 when the polyline (and house numbers) run toward +u, -1 toward -u. */
  dir: number;
  /** House numbers: base + 2 * floor(|u - origin| / step) + parity. */
  origin: number;
  main: boolean;
}

export interface TownGrid {
  frame: TownFrame;
  pieces: StreetPiece[];
  /** u of north–south streets, ascending; lots keep clear of them. */
  crossings: number[];
  extent: number;
  numberStep: number;
  numberBase: number;
}

/** Intervals along a line where `ok` holds, sampled every `step` meters. */
function intervals(
  from: number,
  to: number,
  step: number,
  ok: (t: number) => boolean,
): [number, number][] {
  const out: [number, number][] = [];
  let start = NaN;
  for (let t = from; t <= to; t += step) {
    if (ok(t)) {
      if (Number.isNaN(start)) start = t;
    } else if (!Number.isNaN(start)) {
      out.push([start, t - step]);
      start = NaN;
    }
  }
  if (!Number.isNaN(start)) out.push([start, to]);
  return out;
}

export function townExtent(plan: TownPlan): number {
  let e = 0;
  for (const d of plan.disks)
    e = Math.max(e, Math.hypot(d.x - plan.cx, d.y - plan.cy) + d.r * 1.25);
  return e;
}

export function layOutTownGrid(
  plan: TownPlan,
  geo: CountyGeo,
  earlier: readonly TownPlan[],
  roads: RoadsBuilder,
  rng: Rng,
): TownGrid {
  const frame = new TownFrame(plan);
  const extent = townExtent(plan);
  const usable = (x: number, y: number) =>
    inTown(plan, x, y) && inCounty(geo, x, y) && !earlier.some((t) => inTown(t, x, y));
  const spacing = 2 * plan.blockDepth + plan.roadWidth;
  const local = localStreetNames(rng);
  const mains = mainStreetNames(rng);

  const crossings: number[] = [0];
  for (let u = 0; u < extent;) crossings.push((u += plan.crossSpacing * rng.range(0.8, 1.2)));
  for (let u = 0; u > -extent;) crossings.unshift((u -= plan.crossSpacing * rng.range(0.8, 1.2)));
  // North–south streets: numbered from the west, every fifth a main street.
  crossings.forEach((u, k) => {
    const main = k % 5 === 2;
    const name = main ? mains.take() : `${ordinal(k + 1)} ST`;
    const spans = intervals(-extent, extent, 10, (v) => usable(frame.x(u, v), frame.y(u, v)));
    for (const [a, b] of spans) {
      if (b - a < 40) continue;
      const cls = main ? ROAD_CLASS.main : ROAD_CLASS.local;
      const add = (v0: number, v1: number, prefix: string) =>
        roads.add(
          [frame.x(u, v0), frame.y(u, v0), frame.x(u, v1), frame.y(u, v1)],
          prefix + name,
          cls,
        );
      if (plan.isCity && a < 0 && b > 0) {
        add(0, b, 'N ');
        add(0, a, 'S ');
      } else if (plan.isCity) add(a < 0 ? b : a, a < 0 ? a : b, a < 0 ? 'S ' : 'N ');
      else add(a, b, '');
    }
  });

  const pieces: StreetPiece[] = [];
  const lines = Math.ceil(extent / spacing);
  for (let j = -lines; j <= lines; j++) {
    const v = j * spacing;
    const main = ((j % 6) + 6) % 6 === 3;
    const name = main ? mains.take() : local.take();
    const cls = main ? ROAD_CLASS.main : ROAD_CLASS.local;
    const spans = intervals(-extent, extent, 5, (u) => usable(frame.x(u, v), frame.y(u, v)));
    for (const [a, b] of spans) {
      if (b - a < 40) continue;
      const add = (from: number, to: number, prefix: string, origin: number) => {
        const road = roads.add(
          [frame.x(from, v), frame.y(from, v), frame.x(to, v), frame.y(to, v)],
          prefix + name,
          cls,
        );
        pieces.push({
          road,
          v,
          u0: Math.min(from, to),
          u1: Math.max(from, to),
          dir: to > from ? 1 : -1,
          origin,
          main,
        });
      };
      if (plan.isCity && a < 0 && b > 0) {
        add(0, b, 'E ', 0);
        add(0, a, 'W ', 0);
      } else if (plan.isCity) add(a < 0 ? b : a, a < 0 ? a : b, a < 0 ? 'W ' : 'E ', 0);
      else add(a, b, '', -extent);
    }
  }
  return {
    frame,
    pieces,
    crossings,
    extent,
    numberStep: plan.crossSpacing / 50,
    numberBase: plan.isCity ? 0 : 100,
  };
}
