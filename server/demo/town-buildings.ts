// Turns planned town lots into parcels, building footprints and locations with addresses.
import { BT, LU, type FabricBuilder, type NewLocation } from './fabric-builder';
import { hashUnit, type Rng } from './prng';
import { LOT, LOT_STRIDE } from './town-lots';
import type { StreetPiece, TownGrid } from './town-grid';

const CONFIDENCE_WEIGHTS = [0, 75, 14, 7, 3, 1];

interface Attributes {
  buildingType: number;
  landUse: number;
  unitCount: number;
  bslFlag: number;
}

function attributes(kind: number, rng: Rng): Attributes {
  switch (kind) {
    case LOT.apartment:
      return {
        buildingType: BT.R,
        landUse: LU.MFR,
        unitCount: 4 + Math.floor(44 * rng.next() ** 2),
        bslFlag: 1,
      };
    case LOT.apartmentUnits:
      return {
        buildingType: BT.R,
        landUse: LU.MFR,
        unitCount: rng.chance(0.8) ? 1 : 2,
        bslFlag: 1,
      };
    case LOT.business:
    case LOT.strip:
      return {
        buildingType: BT.B,
        landUse: rng.chance(0.1) ? LU.IND : LU.COM,
        unitCount: 1,
        bslFlag: 1,
      };
    case LOT.mixed:
      return { buildingType: BT.X, landUse: LU.MIX, unitCount: 2 + rng.int(5), bslFlag: 1 };
    case LOT.anchor:
      return {
        buildingType: BT.C,
        landUse: rng.chance(0.5) ? LU.INS : LU.GOV,
        unitCount: 1,
        bslFlag: 1,
      };
    case LOT.otherE:
      return {
        buildingType: BT.E,
        landUse: LU.IND,
        unitCount: 1,
        bslFlag: rng.chance(0.3) ? 1 : 0,
      };
    case LOT.otherG:
      return {
        buildingType: BT.G,
        landUse: LU.GOV,
        unitCount: 1,
        bslFlag: rng.chance(0.4) ? 1 : 0,
      };
    default:
      return {
        buildingType: BT.R,
        landUse: LU.RES,
        unitCount: kind === LOT.house && rng.chance(0.04) ? 2 : 1,
        bslFlag: rng.chance(0.99) ? 1 : 0,
      };
  }
}

/** Rectangle in the town frame → world corners. */
function rect(grid: TownGrid, u0: number, u1: number, v0: number, v1: number): number[] {
  const f = grid.frame;
  return [
    f.x(u0, v0),
    f.y(u0, v0),
    f.x(u1, v0),
    f.y(u1, v0),
    f.x(u1, v1),
    f.y(u1, v1),
    f.x(u0, v1),
    f.y(u0, v1),
  ];
}

function houseNumber(grid: TownGrid, piece: StreetPiece, u: number, side: number): number {
  const steps = Math.floor(Math.abs(u - piece.origin) / grid.numberStep);
  return grid.numberBase + 2 * steps + (side === piece.dir ? 1 : 0);
}

export interface TownEmitOptions {
  planIndex: number;
  occupancy: number;
  birthSeed: number;
}

export function emitTownLots(
  grid: TownGrid,
  lots: Float64Array,
  out: FabricBuilder,
  rng: Rng,
  opts: TownEmitOptions,
): void {
  const plan = grid.frame.plan;
  const depth = plan.blockDepth;
  for (let i = 0; i < lots.length; i += LOT_STRIDE) {
    const u0 = lots[i] as number;
    const u1 = lots[i + 1] as number;
    const side = lots[i + 2] as number;
    const piece = grid.pieces[lots[i + 3] as number] as StreetPiece;
    const kind = lots[i + 4] as number;
    const count = lots[i + 5] as number;
    const rn = lots[i + 6] as number;
    const vFront = piece.v + (side * plan.roadWidth) / 2;
    const parcel = out.addParcel(rect(grid, u0, u1, vFront, vFront + side * depth));
    if (!rng.chance(opts.occupancy)) continue;

    // New subdivisions grow at the town's edge, whole blocks at a time.
    const block = Math.floor(u0 / plan.crossSpacing);
    const edgeHash = hashUnit(opts.birthSeed, piece.road, block);
    let birth = 0;
    if (rn > 0.75 && edgeHash < 0.3)
      birth = 1 + Math.floor(hashUnit(opts.birthSeed, piece.road, block, 1) * 4);
    else if (rng.chance(0.005)) birth = 1 + rng.int(4);

    const f = u1 - u0;
    const big =
      kind !== LOT.house && kind !== LOT.duplex && kind !== LOT.otherE && kind !== LOT.otherG;
    const setback = kind === LOT.business || kind === LOT.mixed ? rng.range(2, 5) : rng.range(5, 9);
    const bDepth = Math.min(depth - setback - 3, big ? rng.range(16, 26) : rng.range(9, 14));
    const width = Math.max(
      6,
      Math.min(f - 3, f * (big ? rng.range(0.75, 0.85) : rng.range(0.5, 0.72))),
    );
    const mid = (u0 + u1) / 2 + rng.range(-0.3, 0.3) * (f - 3 - width) * 0.5;
    const b0 = vFront + side * setback;
    const b1 = b0 + side * bDepth;
    const noFootprint =
      kind === LOT.house ? rng.chance(0.04) : kind >= LOT.otherE && rng.chance(0.3);
    const footprint = noFootprint
      ? -1
      : out.addFootprint(rect(grid, mid - width / 2, mid + width / 2, b0, b1), parcel);
    if (!noFootprint && kind === LOT.house && setback + bDepth < depth - 12 && rng.chance(0.2)) {
      const gu = rng.chance(0.5) ? u0 + 2 : u1 - 8;
      const gv = vFront + side * (depth - 9);
      out.addFootprint(rect(grid, gu, gu + 6, gv, gv + side * 6), parcel); // detached garage
    }
    const attrs = attributes(kind, rng);
    const confidence = rng.weighted(CONFIDENCE_WEIGHTS);
    for (let k = 0; k < count; k++) {
      // Spread several locations across the building so each sits inside it.
      const slot = count === 1 ? 0.5 : (k + 0.5) / count;
      const u = noFootprint ? mid : mid - width / 2 + width * (0.15 + 0.7 * slot);
      const vt = noFootprint ? rng.range(0.3, 0.7) : rng.range(0.25, 0.75);
      const v = noFootprint ? vFront + side * depth * vt : b0 + (b1 - b0) * vt;
      const perUnit = kind === LOT.apartmentUnits || kind === LOT.strip;
      // A duplex has two addresses; the one further along the street gets the higher number.
      const along = piece.dir > 0 ? k : count - 1 - k;
      const number = houseNumber(grid, piece, mid, side) + (kind === LOT.duplex ? 2 * along : 0);
      const own = k === 0 ? attrs : attributes(kind, rng);
      const loc: NewLocation = {
        x: grid.frame.x(u, v),
        y: grid.frame.y(u, v),
        houseNumber: number,
        road: piece.road,
        unit: perUnit ? k + 1 : 0,
        ...attrs,
        unitCount: own.unitCount,
        addressConfidence: confidence,
        parcel,
        footprint,
        plan: opts.planIndex,
        birth,
      };
      out.locations.add(loc);
    }
  }
}
