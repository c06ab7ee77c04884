// The countryside: every quarter section (a half-mile square at a section-road corner) becomes
// one very large farm parcel, with small country-home lots carved along its road frontage and
// sometimes a farmstead. In some zones the county has no parcel data at all: buildings and
// locations exist there but no parcel, so locate falls back to footprints or the nearest one.
import { inCounty, type CountyGeo } from './county';
import { BT, LU, type FabricBuilder, type NewLocation } from './fabric-builder';
import { hashUnit, valueNoise, type Rng } from './prng';
import { findPiece, SECTION, type SectionGrid } from './section-roads';
import { townExtent } from './town-grid';
import { inTown, type TownPlan } from './town-plan';

const INSET = 12; // parcels keep clear of the road centerline
const Q = SECTION / 2 - INSET;
/** Rural house numbers: 1000 per mile, as Illinois county addressing does. */
const NUMBER_STEP = SECTION / 500;

export interface RuralOptions {
  target: number;
  seed: number;
}

interface Quarter {
  cx: number;
  cy: number;
  sx: number;
  sy: number;
  /** Road pieces along the horizontal (A) and vertical (B) edges, or -1. */
  roadA: number;
  roadB: number;
  weight: number;
}

interface Near {
  x: number;
  y: number;
  r: number;
}

/** Frontage road of an edge when one road piece runs its whole length. */
function edgeRoad(
  grid: SectionGrid,
  horizontal: boolean,
  line: number,
  t0: number,
  t1: number,
): number {
  const pieces = horizontal ? grid.horizontal[line] : grid.vertical[line];
  if (!pieces) return -1;
  const a = findPiece(pieces, Math.min(t0, t1));
  return a && Math.max(t0, t1) <= a.t1 ? a.road : -1;
}

function collectQuarters(geo: CountyGeo, plans: readonly TownPlan[], grid: SectionGrid): Quarter[] {
  const towns: Near[] = plans.map((p) => ({ x: p.cx, y: p.cy, r: townExtent(p) }));
  const out: Quarter[] = [];
  for (let i = 0; i < grid.nx; i++)
    for (let j = 0; j < grid.ny; j++)
      for (const [sx, sy] of [
        [1, 1],
        [-1, 1],
        [1, -1],
        [-1, -1],
      ] as const) {
        const cx = grid.x0 + i * SECTION;
        const cy = grid.y0 + j * SECTION;
        const ok = (a: number, b: number) => {
          const x = cx + sx * (INSET + a);
          const y = cy + sy * (INSET + b);
          if (!inCounty(geo, x, y)) return false;
          for (let k = 0; k < plans.length; k++) {
            const t = towns[k];
            if (Math.hypot(x - t.x, y - t.y) < t.r + 50 && inTown(plans[k], x, y)) return false;
          }
          return true;
        };
        let usable = true;
        for (let a = 0; a <= 4 && usable; a++)
          for (let b = 0; b <= 4 && usable; b++) usable = ok((a * Q) / 4, (b * Q) / 4);
        if (!usable) continue;
        const roadA = edgeRoad(grid, true, j, cx, cx + sx * SECTION * 0.5);
        const roadB = edgeRoad(grid, false, i, cy, cy + sy * SECTION * 0.5);
        // Country homes cluster near towns; farmsteads spread evenly.
        let dTown = Infinity;
        const mx = cx + sx * SECTION * 0.25;
        const my = cy + sy * SECTION * 0.25;
        for (const t of towns)
          dTown = Math.min(dTown, Math.max(0, Math.hypot(mx - t.x, my - t.y) - t.r * 0.8));
        out.push({ cx, cy, sx, sy, roadA, roadB, weight: 0.6 + 5 * Math.exp(-dTown / 2500) });
      }
  return out;
}

export function emitRural(
  geo: CountyGeo,
  plans: readonly TownPlan[],
  grid: SectionGrid,
  out: FabricBuilder,
  rng: Rng,
  opts: RuralOptions,
): void {
  const quarters = collectQuarters(geo, plans, grid);
  const totalWeight = quarters.reduce((s, q) => s + q.weight, 0);
  const perWeight = opts.target / Math.max(1, totalWeight);
  for (const q of quarters) {
    const wx = (a: number) => q.cx + q.sx * (INSET + a);
    const wy = (b: number) => q.cy + q.sy * (INSET + b);
    const rect = (a0: number, a1: number, b0: number, b1: number) => [
      wx(a0),
      wy(b0),
      wx(a1),
      wy(b0),
      wx(a1),
      wy(b1),
      wx(a0),
      wy(b1),
    ];
    const unparceled = valueNoise(opts.seed, q.cx, q.cy, 6000) < 0.2;
    const expected = q.weight * perWeight;
    const hasRoad = q.roadA >= 0 || q.roadB >= 0;
    const farmstead = hasRoad && rng.chance(Math.min(0.7, expected));
    let lots = hasRoad ? Math.floor(expected - (farmstead ? 1 : 0) + rng.next()) : 0;
    const depth = rng.range(70, 110);
    let width = rng.range(50, 90);
    const edges = (q.roadA >= 0 ? 1 : 0) + (q.roadB >= 0 ? 1 : 0);
    const capacity = edges * (Q * 0.65);
    if (lots * width > capacity) width = Math.max(28, capacity / Math.max(1, lots));
    lots = Math.min(lots, Math.floor(capacity / width));
    const nA = q.roadA >= 0 ? (q.roadB >= 0 ? Math.ceil(lots / 2) : lots) : 0;
    const nB = lots - nA;
    const La = nA * width;
    const bStart = nA > 0 ? depth : 0;
    const Lb = nB > 0 ? bStart + nB * width : 0;

    let farm = -1;
    if (!unparceled) {
      const poly =
        nA > 0 && nB > 0
          ? [La, 0, Q, 0, Q, Q, 0, Q, 0, Lb, depth, Lb, depth, depth, La, depth]
          : nA > 0
            ? [La, 0, Q, 0, Q, Q, 0, Q, 0, depth, La, depth]
            : nB > 0
              ? [depth, 0, Q, 0, Q, Q, 0, Q, 0, Lb, depth, Lb]
              : [0, 0, Q, 0, Q, Q, 0, Q];
      const corners: number[] = [];
      for (let k = 0; k < poly.length; k += 2) corners.push(wx(poly[k]), wy(poly[k + 1]));
      farm = out.addParcel(corners);
    }

    // A location on a frontage road: numbers grow along the road, odd on one side.
    const place = (
      alongA: boolean,
      a: number,
      b: number,
      base: Omit<NewLocation, 'x' | 'y' | 'houseNumber' | 'road'>,
    ) => {
      const x = wx(a);
      const y = wy(b);
      const t = alongA ? x - grid.tMinX : y - grid.tMinY;
      const odd = alongA ? q.sy > 0 : q.sx > 0;
      out.locations.add({
        ...base,
        x,
        y,
        houseNumber: 2 * Math.floor(t / NUMBER_STEP) + (odd ? 1 : 0) + 2,
        road: alongA ? q.roadA : q.roadB,
      });
    };

    for (let k = 0; k < lots; k++) {
      const alongA = k < nA;
      const s0 = alongA ? k * width : bStart + (k - nA) * width;
      const lotRect = alongA ? rect(s0, s0 + width, 0, depth) : rect(0, depth, s0, s0 + width);
      const parcel = unparceled ? -1 : out.addParcel(lotRect);
      const setback = rng.range(15, 35);
      const hw = rng.range(11, 17);
      const hd = rng.range(9, 13);
      const mid = s0 + width / 2 + rng.range(-0.15, 0.15) * (width - hw);
      const noFootprint = rng.chance(0.05);
      const hRect = alongA
        ? rect(mid - hw / 2, mid + hw / 2, setback, setback + hd)
        : rect(setback, setback + hd, mid - hw / 2, mid + hw / 2);
      const footprint = noFootprint ? -1 : out.addFootprint(hRect, parcel);
      if (width > 40 && rng.chance(0.4)) {
        const gb = Math.min(depth - 16, setback + hd + rng.range(6, 20));
        const ga = s0 + (rng.chance(0.5) ? 4 : width - 14);
        out.addFootprint(
          alongA ? rect(ga, ga + 10, gb, gb + 12) : rect(gb, gb + 12, ga, ga + 10),
          parcel,
        ); // pole barn
      }
      const kind = rng.next();
      const business = kind < 0.03;
      const anchor = kind >= 0.03 && kind < 0.04;
      const units = !business && !anchor && rng.chance(0.03) ? 2 : 1;
      const birth =
        hashUnit(opts.seed, Math.floor(q.cx), Math.floor(q.cy), k) < 0.07 ? 1 + rng.int(4) : 0;
      for (let u = 0; u < units; u++) {
        const along = mid + (units === 1 ? 0 : (u - 0.5) * hw * 0.5) + rng.range(-1, 1);
        const depthAt = setback + hd * rng.range(0.3, 0.7);
        place(alongA, alongA ? along : depthAt, alongA ? depthAt : along, {
          unit: units > 1 ? u + 1 : 0,
          unitCount: 1,
          bslFlag: rng.chance(0.98) ? 1 : 0,
          buildingType: business ? BT.B : anchor ? BT.C : BT.R,
          landUse: business ? LU.COM : anchor ? LU.INS : LU.RES,
          addressConfidence: rng.chance(0.8) ? 1 : 2 + rng.int(3),
          parcel,
          footprint,
          plan: -1,
          birth,
        });
      }
    }

    if (farmstead) {
      const alongA = q.roadA >= 0 && (q.roadB < 0 || rng.chance(0.5));
      const from = alongA ? Math.max(La, depth) + 25 : Math.max(Lb, depth) + 25;
      if (from > Q - 120) continue;
      const s = rng.range(from, Q - 120);
      const toRect = (p0: number, p1: number, d0: number, d1: number) =>
        alongA ? rect(p0, p1, d0, d1) : rect(d0, d1, p0, p1);
      const noHouse = rng.chance(0.1);
      const house = noHouse ? -1 : out.addFootprint(toRect(s, s + 14, 30, 41), farm);
      const barns = 1 + rng.int(3);
      let firstBarn = -1;
      for (let k = 0; k < barns; k++) {
        const p0 = s + k * 35 + rng.range(0, 5);
        const f = out.addFootprint(toRect(p0, p0 + 24, 62, 62 + rng.range(25, 45)), farm);
        if (k === 0) firstBarn = f;
      }
      const base = {
        unit: 0,
        unitCount: 1,
        bslFlag: 1,
        buildingType: BT.R,
        landUse: LU.AGR,
        addressConfidence: rng.chance(0.7) ? 1 : 2 + rng.int(3),
        parcel: farm,
        footprint: house,
        plan: -1,
        birth: 0,
      };
      place(alongA, alongA ? s + 7 : 35, alongA ? 35 : s + 7, base);
      // Grain dryers and machine sheds sometimes carry a (non-broadband-serviceable) address.
      if (rng.chance(0.06))
        place(alongA, alongA ? s + 12 : 75, alongA ? 75 : s + 12, {
          ...base,
          footprint: firstBarn,
          bslFlag: 0,
          buildingType: BT.E,
        });
    }
  }
}
