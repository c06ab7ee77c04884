// A fabric of many random locations (fixture roads and parcels, random points, attributes and
// fixed coverage) for tests that compare an operation with brute force or time it.
import type { Fabric, FixedCoverage } from '../store/fabric';
import { buildFixtureFabric, FIXTURE_ORIGIN } from './fixture-fabric';
import { packFixedCoverage } from '../store/memory/fixed-offers';
import { Rng } from '../../demo/prng';

/** Half the side of the square, in degrees around FIXTURE_ORIGIN, that holds the points. */
export const SCATTER_SPAN = 0.05;
const TECHS = [10, 40, 50, 60, 61, 70, 71, 72];

function scatterCoverage(vintage: string, n: number, rand: () => number): FixedCoverage {
  const start = new Uint32Array(n + 1);
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) {
    const k = Math.floor(rand() * 4);
    for (let r = 0; r < k; r++) {
      const tech = TECHS[Math.floor(rand() * TECHS.length)];
      const down = [10, 25, 100, 300, 1000][Math.floor(rand() * 5)];
      const up = [1, 3, 20, 100][Math.floor(rand() * 4)];
      rows.push([
        Math.floor(rand() * 4),
        tech,
        down,
        up,
        rand() < 0.8 ? 1 : 0,
        Math.floor(rand() * 3),
      ]);
    }
    start[i + 1] = rows.length;
  }
  const col = (k: number) => rows.map((r) => r[k]);
  return packFixedCoverage(vintage, start, {
    provider: col(0),
    technology: col(1),
    down: col(2),
    up: col(3),
    lowLatency: col(4),
    businessResidential: col(5),
  });
}

export function buildScatterFabric(n: number, seed = 1): Fabric {
  const base = buildFixtureFabric();
  const rng = new Rng(seed);
  const rand = () => rng.next();
  const fill = <T extends Float64Array | Uint32Array | Uint16Array | Uint8Array | Int32Array>(
    a: T,
    f: (i: number) => number,
  ): T => {
    for (let i = 0; i < n; i++) a[i] = f(i);
    return a;
  };
  const locations: Fabric['locations'] = {
    count: n,
    locationId: fill(new Float64Array(n), (i) => 1_000_000_000 + i * 3),
    lng: fill(new Float64Array(n), () => FIXTURE_ORIGIN.lng + (rand() * 2 - 1) * SCATTER_SPAN),
    lat: fill(new Float64Array(n), () => FIXTURE_ORIGIN.lat + (rand() * 2 - 1) * SCATTER_SPAN),
    houseNumber: fill(new Uint32Array(n), () => 100 + Math.floor(rand() * 2000)),
    road: fill(new Uint32Array(n), () => Math.floor(rand() * base.roads.name.length)),
    unit: new Uint16Array(n),
    town: fill(new Uint16Array(n), () => Math.floor(rand() * base.towns.length)),
    zipSuffix: fill(new Uint16Array(n), () => Math.floor(rand() * 10000)),
    unitCount: fill(new Uint16Array(n), () => (rand() < 0.85 ? 1 : 1 + Math.floor(rand() * 40))),
    bslFlag: fill(new Uint8Array(n), () => (rand() < 0.95 ? 1 : 0)),
    buildingType: fill(new Uint8Array(n), () =>
      Math.floor(rand() * base.codes.buildingType.length),
    ),
    landUse: fill(new Uint8Array(n), () => Math.floor(rand() * base.codes.landUse.length)),
    addressConfidence: fill(new Uint8Array(n), () => 1),
    tract: fill(new Uint32Array(n), () => 2100),
    block: fill(new Uint16Array(n), () => 1000),
    parcel: fill(new Int32Array(n), () => -1),
    footprint: fill(new Int32Array(n), () => -1),
    presence: fill(new Uint8Array(n), () => 1 + Math.floor(rand() * 31)),
    reLocationId: new Float64Array(n),
  };
  return {
    ...base,
    locations,
    fixedCoverage: base.vintages.map((v) => scatterCoverage(v.vintage, n, rand)),
    mobileCoverage: base.mobileCoverage,
  };
}
