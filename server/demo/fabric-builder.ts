// Mutable collections the generator stages append to: roads, parcels, footprints and location
// columns, all in local meters until build time.
import { growF64, growI16, growI32, growU16, growU32, growU8 } from './growable';
import { PackedGeometryBuilder } from './packed-geometry';

export const BUILDING_TYPES = ['R', 'B', 'X', 'C', 'E', 'G'] as const;
export const BT = { R: 0, B: 1, X: 2, C: 3, E: 4, G: 5 } as const;

/** Land use codes (synthetic, CostQuest-like families). */
export const LAND_USES = ['RES', 'MFR', 'COM', 'MIX', 'AGR', 'INS', 'IND', 'GOV'] as const;
export const LU = { RES: 0, MFR: 1, COM: 2, MIX: 3, AGR: 4, INS: 5, IND: 6, GOV: 7 } as const;

export const ROAD_CLASS = { local: 0, main: 1, rural: 2, highway: 3 } as const;

export class RoadsBuilder {
  readonly geometry = new PackedGeometryBuilder();
  readonly names: string[] = [];
  readonly roadClass = growU8();

  add(coords: readonly number[], name: string, cls: number): number {
    this.names.push(name);
    this.roadClass.push(cls);
    return this.geometry.addLine(coords);
  }
}

/** One location as the generator stages describe it (plain numbers; columns hold the rest). */
export interface NewLocation {
  x: number;
  y: number;
  houseNumber: number;
  road: number;
  unit: number;
  unitCount: number;
  bslFlag: number;
  buildingType: number;
  landUse: number;
  addressConfidence: number;
  parcel: number;
  footprint: number;
  /** Town plan index or -1 for the countryside. */
  plan: number;
  /** Vintage index the location first appears in. */
  birth: number;
}

export class LocationColumns {
  readonly x = growF64();
  readonly y = growF64();
  readonly houseNumber = growU32();
  readonly road = growU32();
  readonly unit = growU16();
  readonly unitCount = growU16();
  readonly bslFlag = growU8();
  readonly buildingType = growU8();
  readonly landUse = growU8();
  readonly addressConfidence = growU8();
  readonly parcel = growI32();
  readonly footprint = growI32();
  readonly plan = growI16();
  readonly birth = growU8();

  get count(): number {
    return this.x.length;
  }

  add(l: NewLocation): number {
    this.x.push(l.x);
    this.y.push(l.y);
    this.houseNumber.push(l.houseNumber);
    this.road.push(l.road);
    this.unit.push(l.unit);
    this.unitCount.push(l.unitCount);
    this.bslFlag.push(l.bslFlag);
    this.buildingType.push(l.buildingType);
    this.landUse.push(l.landUse);
    this.addressConfidence.push(l.addressConfidence);
    this.parcel.push(l.parcel);
    this.footprint.push(l.footprint);
    this.plan.push(l.plan);
    return this.birth.push(l.birth);
  }

  read(i: number): NewLocation {
    return {
      x: this.x.get(i),
      y: this.y.get(i),
      houseNumber: this.houseNumber.get(i),
      road: this.road.get(i),
      unit: this.unit.get(i),
      unitCount: this.unitCount.get(i),
      bslFlag: this.bslFlag.get(i),
      buildingType: this.buildingType.get(i),
      landUse: this.landUse.get(i),
      addressConfidence: this.addressConfidence.get(i),
      parcel: this.parcel.get(i),
      footprint: this.footprint.get(i),
      plan: this.plan.get(i),
      birth: this.birth.get(i),
    };
  }
}

export class FabricBuilder {
  readonly roads = new RoadsBuilder();
  readonly parcels = new PackedGeometryBuilder();
  readonly footprints = new PackedGeometryBuilder();
  readonly footprintParcel = growI32();
  readonly locations = new LocationColumns();

  addParcel(corners: readonly number[]): number {
    return this.parcels.addPolygon(corners);
  }

  addFootprint(corners: readonly number[], parcel: number): number {
    this.footprintParcel.push(parcel);
    return this.footprints.addPolygon(corners);
  }
}
