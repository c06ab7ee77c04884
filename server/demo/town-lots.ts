// Lots along a town's addressable streets, each decided as a house, duplex, apartment building,
// business, etc. Lots are planned first so occupancy can be tuned to hit the town's target.
import type { CountyGeo } from './county';
import { inCounty } from './county';
import { growF64 } from './growable';
import type { Rng } from './prng';
import type { TownGrid } from './town-grid';
import { inTown, type TownPlan } from './town-plan';

export const LOT = {
  house: 0,
  duplex: 1,
  apartment: 2, // one location holding many units
  apartmentUnits: 3, // several locations in one building, one per unit
  business: 4,
  strip: 5, // several businesses in one building
  mixed: 6,
  anchor: 7,
  otherE: 8,
  otherG: 9,
} as const;

/** Planned lots, stride LOT_STRIDE: u0, u1, side, piece, kind, locations, rn. */
export const LOT_STRIDE = 7;

/** Distance to the nearest zone center as a share of its radius (0 center, 1 edge). */
export function relativeRadius(plan: TownPlan, x: number, y: number): number {
  let best = Infinity;
  for (const d of plan.disks) best = Math.min(best, Math.hypot(x - d.x, y - d.y) / d.r);
  return best;
}

function chooseKind(rng: Rng, plan: TownPlan, main: boolean, rn: number): number {
  const center = Math.max(0, 1 - rn);
  const r = rng.next();
  let acc = 0;
  const take = (p: number) => (acc += p) > r;
  if (main && take(0.15 + 0.35 * center)) return rng.chance(0.2) ? LOT.strip : LOT.business;
  if (main && rn < 0.35 && take(0.12)) return LOT.mixed;
  if (take(plan.apartmentShare * (0.4 + 1.6 * center) * (main ? 1.8 : 1)))
    return rng.chance(0.3) ? LOT.apartmentUnits : LOT.apartment;
  if (take(0.004)) return LOT.anchor;
  if (take(0.003)) return LOT.otherE;
  if (take(0.002)) return LOT.otherG;
  if (take(0.03)) return LOT.duplex;
  if (!main && take(0.01)) return LOT.business; // corner shops, home businesses
  return LOT.house;
}

function lotWidthFactor(kind: number, rng: Rng): number {
  switch (kind) {
    case LOT.apartment:
    case LOT.apartmentUnits:
      return rng.range(2, 3.5);
    case LOT.business:
    case LOT.mixed:
      return rng.range(1, 2);
    case LOT.strip:
    case LOT.anchor:
      return rng.range(2.5, 4);
    case LOT.duplex:
      return rng.range(1.2, 1.5);
    default:
      return rng.range(0.8, 1.25);
  }
}

function locationsFor(kind: number, rng: Rng, plan: TownPlan): number {
  if (kind === LOT.duplex) return 2;
  if (kind === LOT.apartmentUnits) return 2 + rng.int(plan.isCity ? 10 : 4);
  if (kind === LOT.strip) return 2 + rng.int(4);
  return 1;
}

export function planLots(
  grid: TownGrid,
  geo: CountyGeo,
  earlier: readonly TownPlan[],
  rng: Rng,
): Float64Array {
  const { frame, plan, crossings } = { ...grid, plan: grid.frame.plan };
  const usable = (u: number, v: number) => {
    const x = frame.x(u, v);
    const y = frame.y(u, v);
    return inTown(plan, x, y) && inCounty(geo, x, y) && !earlier.some((t) => inTown(t, x, y));
  };
  const clear = plan.roadWidth / 2 + 6;
  const lots = growF64();
  grid.pieces.forEach((piece, pi) => {
    for (const side of [1, -1]) {
      const vFront = piece.v + (side * plan.roadWidth) / 2;
      const vBack = vFront + side * plan.blockDepth;
      let c = 0;
      let u = piece.u0 + 4;
      while (u < piece.u1 - 4) {
        const midX = frame.x(u, (vFront + vBack) / 2);
        const midY = frame.y(u, (vFront + vBack) / 2);
        const rn = relativeRadius(plan, midX, midY);
        const kind = chooseKind(rng, plan, piece.main, rn);
        const f = plan.frontage * lotWidthFactor(kind, rng);
        while (c < crossings.length && (crossings[c] as number) + clear <= u) c++;
        const cross = crossings[c];
        if (cross !== undefined && cross - clear < u + f) {
          u = cross + clear;
          continue;
        }
        if (u + f > piece.u1 - 4) break;
        if (
          usable(u, vFront) &&
          usable(u + f, vFront) &&
          usable(u, vBack) &&
          usable(u + f, vBack)
        ) {
          lots.push(u);
          lots.push(u + f);
          lots.push(side);
          lots.push(pi);
          lots.push(kind);
          lots.push(locationsFor(kind, rng, plan));
          lots.push(rn);
        }
        u += f;
      }
    }
  });
  return lots.toArray();
}
