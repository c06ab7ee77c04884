// The final location columns in location_id order: builder columns permuted, plus what only
// makes sense at the end (ZIP of the nearest town, ZIP+4, census tract and block, lng/lat).
import type { Locations } from '../service/store/fabric';
import type { CountyGeo } from './county';
import type { LocationColumns } from './fabric-builder';
import type { Lifecycle } from './lifecycle';
import { hashUnit } from './prng';
import type { TownPlan } from './town-plan';

/** Census tracts on a 2.5 km grid, blocks on a 250 m grid inside them (synthetic codes). */
const TRACT_CELL = 2500;
const BLOCK_CELL = 250;

function permute<A extends Float64Array | Uint32Array | Uint16Array | Uint8Array | Int32Array>(
  src: A,
  order: Uint32Array,
  make: new (n: number) => A,
): A {
  const out = new make(order.length);
  for (let k = 0; k < order.length; k++) out[k] = src[order[k]];
  return out;
}

export function assembleLocations(
  geo: CountyGeo,
  plans: readonly TownPlan[],
  cols: LocationColumns,
  life: Lifecycle,
  seed: number,
): Locations {
  const n = life.order.length;
  const x = permute(cols.x.toArray(), life.order, Float64Array);
  const y = permute(cols.y.toArray(), life.order, Float64Array);
  const houseNumber = permute(cols.houseNumber.toArray(), life.order, Uint32Array);
  const road = permute(cols.road.toArray(), life.order, Uint32Array);
  const unit = permute(cols.unit.toArray(), life.order, Uint16Array);
  const plan = cols.plan.toArray();

  const zones = geo.towns.map((t) => ({
    x: geo.projection.x(t.lng),
    y: geo.projection.y(t.lat),
    name: t.name,
  }));
  const town = new Uint16Array(n);
  const zipSuffix = new Uint16Array(n);
  const tract = new Uint32Array(n);
  const block = new Uint16Array(n);
  const lng = new Float64Array(n);
  const lat = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const p = plan[life.order[k]];
    // A town's locations take the nearest of that town's ZIPs; rural ones the nearest town's.
    const name = p >= 0 ? plans[p].name : null;
    let best = Infinity;
    for (let z = 0; z < zones.length; z++) {
      if (name !== null && zones[z].name !== name) continue;
      const d = (zones[z].x - x[k]) ** 2 + (zones[z].y - y[k]) ** 2;
      if (d < best) {
        best = d;
        town[k] = z;
      }
    }
    // One ZIP+4 per block face: road, hundred-block and side of the street.
    const face = Math.floor(houseNumber[k] / 100) * 2 + (houseNumber[k] & 1);
    zipSuffix[k] = 1 + Math.floor(hashUnit(seed, road[k], face) * 9998);
    const gx = Math.floor((x[k] - geo.minX) / TRACT_CELL);
    const gy = Math.floor((y[k] - geo.minY) / TRACT_CELL);
    tract[k] = (gx * 40 + gy + 1) * 100;
    const bx = Math.floor((x[k] - geo.minX - gx * TRACT_CELL) / BLOCK_CELL);
    const by = Math.floor((y[k] - geo.minY - gy * TRACT_CELL) / BLOCK_CELL);
    block[k] = (1 + Math.floor(by / 4)) * 1000 + bx * 10 + (by % 4);
    lng[k] = geo.projection.lng(x[k]);
    lat[k] = geo.projection.lat(y[k]);
  }
  return {
    count: n,
    locationId: life.locationId,
    lng,
    lat,
    houseNumber,
    road,
    unit,
    town,
    zipSuffix,
    unitCount: permute(cols.unitCount.toArray(), life.order, Uint16Array),
    bslFlag: permute(cols.bslFlag.toArray(), life.order, Uint8Array),
    buildingType: permute(cols.buildingType.toArray(), life.order, Uint8Array),
    landUse: permute(cols.landUse.toArray(), life.order, Uint8Array),
    addressConfidence: permute(cols.addressConfidence.toArray(), life.order, Uint8Array),
    tract,
    block,
    parcel: permute(cols.parcel.toArray(), life.order, Int32Array),
    footprint: permute(cols.footprint.toArray(), life.order, Int32Array),
    presence: life.presence,
    reLocationId: life.reLocationId,
  };
}
