// A tiny hand-built fabric for tests, laid out in fixture-layout.ts (read its sketch first):
// each locate matchtype happens at a documented point, and the history cases (active, retired
// with and without an equivalent, inactive then active, new) are all present.
import { vintageName } from '../../demo/vintages';
import type { Fabric } from '../store/fabric';
import {
  FIXED_PROVIDERS,
  MOBILE_CARRIERS,
  fixtureFixedCoverage,
  fixtureMobileCoverage,
} from './fixture-coverage';
import {
  FIXTURE_LOCATIONS,
  FIXTURE_ORIGIN,
  FIXTURE_VINTAGES,
  fixtureLngLat,
  rect,
} from './fixture-layout';
import { packGeometry } from './pack-geometry';

export {
  FIXTURE_LOCATIONS,
  FIXTURE_ORIGIN,
  FIXTURE_POINTS,
  FIXTURE_VINTAGES,
  fixtureLngLat,
} from './fixture-layout';
export { fixtureMobileCells } from './fixture-coverage';

const PARCELS = [
  [rect(0, 10, 40, 50)],
  // A parcel with a hole (a pond that belongs to no one): points in the hole are outside it.
  [rect(60, 10, 160, 110), rect(90, 40, 130, 80).reverse()],
  [rect(2000, 0, 3000, 1000)],
  [rect(200, 10, 230, 50)],
  [rect(-60, 100, -25, 140)],
];
const FOOTPRINTS = [
  { ring: rect(10, 20, 30, 40), parcel: 0 },
  { ring: rect(62, 12, 80, 30), parcel: 1 },
  { ring: rect(300, 10, 320, 30), parcel: -1 },
  { ring: rect(2040, 40, 2060, 60), parcel: 2 },
  { ring: rect(205, 20, 220, 40), parcel: 3 },
  { ring: rect(-50, 110, -30, 130), parcel: 4 },
  { ring: rect(400, 10, 410, 20), parcel: -1 }, // a shed: footprint without a location
];

/** The fixture fabric: 13 locations, 5 parcels, 7 footprints, 3 roads, 5 vintages. */
export function buildFixtureFabric(): Fabric {
  const L = FIXTURE_LOCATIONS;
  const n = L.length;
  const col = <T extends { length: number }>(
    make: new (n: number) => T,
    get: (l: (typeof L)[number]) => number,
  ): T => {
    const a = new make(n) as T & Record<number, number>;
    L.forEach((l, i) => (a[i] = get(l)));
    return a;
  };
  const lngLat = L.map((l) => fixtureLngLat(l.x, l.y));
  return {
    seed: 7,
    county: {
      geoid: '17167',
      name: 'Sangamon County',
      state: 'IL',
      stateFips: '17',
      boundary: { type: 'MultiPolygon', coordinates: [[rect(-1000, -1000, 4000, 2000)]] },
    },
    vintages: FIXTURE_VINTAGES.map((vintage, i) => ({
      vintage,
      svcversion: 7 + i,
      fccversion: String(3 + i),
      fccrelease: vintage.endsWith('06')
        ? `0630${vintage.slice(0, 4)}`
        : `1231${vintage.slice(0, 4)}`,
      ntiaversion: vintage <= '202406' ? `${3 + i}_1` : null,
      vintagename: vintageName(vintage),
    })),
    towns: [
      { name: 'Springfield', zip: '62704', lng: FIXTURE_ORIGIN.lng, lat: FIXTURE_ORIGIN.lat },
      {
        name: 'Chatham',
        zip: '62629',
        lng: fixtureLngLat(2000, -500)[0],
        lat: fixtureLngLat(2000, -500)[1],
      },
    ],
    codes: { buildingType: ['R', 'B', 'X', 'C', 'E', 'G'], landUse: ['110', '210', '310', '510'] },
    roads: {
      geometry: packGeometry([
        [[fixtureLngLat(-20, 0), fixtureLngLat(450, 0)]],
        [[fixtureLngLat(-20, -100), fixtureLngLat(-20, 300)]],
        [[fixtureLngLat(1000, 0), fixtureLngLat(3000, 0)]],
      ]),
      name: ['OAK ST', 'S MAIN ST', 'OLD JACKSONVILLE RD'],
      roadClass: Uint8Array.from([0, 1, 2]),
    },
    parcels: { geometry: packGeometry(PARCELS) },
    footprints: {
      geometry: packGeometry(FOOTPRINTS.map((f) => [f.ring])),
      parcel: Int32Array.from(FOOTPRINTS.map((f) => f.parcel)),
    },
    locations: {
      count: n,
      locationId: col(Float64Array, (l) => l.id),
      lng: Float64Array.from(lngLat.map((p) => p[0])),
      lat: Float64Array.from(lngLat.map((p) => p[1])),
      houseNumber: col(Uint32Array, (l) => l.no),
      road: col(Uint32Array, (l) => l.road),
      unit: col(Uint16Array, (l) => l.unit),
      town: col(Uint16Array, (l) => l.town),
      zipSuffix: col(Uint16Array, (l) => 1000 + (l.no % 9000)),
      unitCount: col(Uint16Array, (l) => l.units),
      bslFlag: col(Uint8Array, () => 1),
      buildingType: col(Uint8Array, (l) => l.type),
      landUse: col(Uint8Array, (l) => (l.type === 1 ? 1 : 0)),
      addressConfidence: col(Uint8Array, () => 1),
      tract: col(Uint32Array, (l) => (l.x > 1000 ? 3900 : 2100)),
      block: col(Uint16Array, (l) => (l.x > 1000 ? 2012 : 1003)),
      parcel: col(Int32Array, (l) => l.parcel),
      footprint: col(Int32Array, (l) => l.fp),
      presence: col(Uint8Array, (l) => l.presence),
      reLocationId: col(Float64Array, (l) => l.re),
    },
    fixedProviders: FIXED_PROVIDERS,
    fixedCoverage: FIXTURE_VINTAGES.map((v, vi) => fixtureFixedCoverage(v, vi)),
    mobileCarriers: MOBILE_CARRIERS,
    mobileCoverage: FIXTURE_VINTAGES.map((v, vi) => fixtureMobileCoverage(v, vi, lngLat)),
  };
}
