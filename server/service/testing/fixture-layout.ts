// The layout of the fixture fabric (fixture-fabric.ts builds it). Coordinates are written in meters east/north of an origin
// in Springfield, IL (FIXTURE_ORIGIN) and converted to lng/lat, so each case reads as a sketch:
//
//   y (m)                                                 (rural, far east)
//   140  P4[F5 L12]   (S MAIN ST at x=-20)
//   110        P1 ───────────┐                       P2 = x 2000..3000, y 0..1000 (huge parcel)
//    80        │   hole      │  L7                      F3 at 2040..2060 holds L5
//    50  P0──┐ │ 90..130 x   │            P3[F4 L10 L11]  L4 at (1500, 20): no parcel, no footprint
//    20  │F0 L0/L6  F1 L2  L8│   F2 L3 (no parcel)  F6 (no location)
//     0  ═══════ OAK ST ═══════════════════════ OLD JACKSONVILLE RD (x 1000..3000)
//
// FIXTURE_POINTS lists query points and the locate answer each must give (default limits,
// current vintage unless noted). Vintages 202306..202506; presence per location below.
// In the sketch, Ln is FIXTURE_LOCATIONS[n].

export const FIXTURE_ORIGIN = { lng: -89.65, lat: 39.8 };
const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LNG = 111_320 * Math.cos((FIXTURE_ORIGIN.lat * Math.PI) / 180);

/** Meters east/north of the origin → [lng, lat]. */
export function fixtureLngLat(x: number, y: number): [number, number] {
  return [FIXTURE_ORIGIN.lng + x / M_PER_DEG_LNG, FIXTURE_ORIGIN.lat + y / M_PER_DEG_LAT];
}

export const rect = (x0: number, y0: number, x1: number, y1: number): number[][] =>
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ].map(([x, y]) => fixtureLngLat(x, y));

const ALL = 0b11111;
/** Location rows, sorted by id. presence bit i = vintage i (202306 = bit 0). */
export const FIXTURE_LOCATIONS = [
  {
    id: 1000000001,
    x: 20,
    y: 30,
    no: 100,
    road: 0,
    unit: 0,
    town: 0,
    parcel: 0,
    fp: 0,
    presence: ALL,
    re: 0,
    units: 1,
    type: 0,
  },
  {
    id: 1000000002,
    x: 35,
    y: 15,
    no: 102,
    road: 0,
    unit: 0,
    town: 0,
    parcel: 0,
    fp: -1,
    presence: ALL,
    re: 0,
    units: 1,
    type: 0,
  },
  {
    id: 1000000003,
    x: 70,
    y: 20,
    no: 104,
    road: 0,
    unit: 0,
    town: 0,
    parcel: 1,
    fp: 1,
    presence: ALL,
    re: 0,
    units: 1,
    type: 0,
  },
  {
    id: 1000000004,
    x: 310,
    y: 20,
    no: 120,
    road: 0,
    unit: 0,
    town: 0,
    parcel: -1,
    fp: 2,
    presence: ALL,
    re: 0,
    units: 1,
    type: 0,
  },
  {
    id: 1000000005,
    x: 1500,
    y: 20,
    no: 1500,
    road: 2,
    unit: 0,
    town: 1,
    parcel: -1,
    fp: -1,
    presence: ALL,
    re: 0,
    units: 1,
    type: 0,
  },
  {
    id: 1000000006,
    x: 2050,
    y: 50,
    no: 2050,
    road: 2,
    unit: 0,
    town: 1,
    parcel: 2,
    fp: 3,
    presence: ALL,
    re: 0,
    units: 1,
    type: 0,
  },
  // Retired after 202406 with an equivalent (the same building's current record).
  {
    id: 1000000007,
    x: 20,
    y: 32,
    no: 100,
    road: 0,
    unit: 0,
    town: 0,
    parcel: 0,
    fp: 0,
    presence: 0b00111,
    re: 1000000001,
    units: 1,
    type: 0,
  },
  // Retired after 202312, no equivalent.
  {
    id: 1000000008,
    x: 130,
    y: 100,
    no: 110,
    road: 0,
    unit: 0,
    town: 0,
    parcel: 1,
    fp: -1,
    presence: 0b00011,
    re: 0,
    units: 1,
    type: 0,
  },
  // Inactive in 202312, active again from 202406.
  {
    id: 1000000009,
    x: 150,
    y: 20,
    no: 112,
    road: 0,
    unit: 0,
    town: 0,
    parcel: 1,
    fp: -1,
    presence: 0b11101,
    re: 0,
    units: 1,
    type: 0,
  },
  // New in 202412.
  {
    id: 1000000010,
    x: 1700,
    y: 20,
    no: 1700,
    road: 2,
    unit: 0,
    town: 1,
    parcel: -1,
    fp: -1,
    presence: 0b11000,
    re: 0,
    units: 1,
    type: 0,
  },
  // Two apartments in one building.
  {
    id: 1000000011,
    x: 210,
    y: 30,
    no: 200,
    road: 0,
    unit: 1,
    town: 0,
    parcel: 3,
    fp: 4,
    presence: ALL,
    re: 0,
    units: 1,
    type: 2,
  },
  {
    id: 1000000012,
    x: 214,
    y: 30,
    no: 200,
    road: 0,
    unit: 2,
    town: 0,
    parcel: 3,
    fp: 4,
    presence: ALL,
    re: 0,
    units: 1,
    type: 2,
  },
  // A business on the main road.
  {
    id: 1000000013,
    x: -40,
    y: 120,
    no: 305,
    road: 1,
    unit: 0,
    town: 0,
    parcel: 4,
    fp: 5,
    presence: ALL,
    re: 0,
    units: 3,
    type: 1,
  },
] as const;

type Expect = { location_id: number; matchtype: string } | null;
/** Query points (meters from the origin) with their expected locate answer. */
export const FIXTURE_POINTS: Record<
  string,
  {
    x: number;
    y: number;
    vintage?: string;
    parceldistancem?: number;
    neardistancem?: number;
    expect: Expect;
  }
> = {
  footprintParcel: {
    x: 15,
    y: 25,
    expect: { location_id: 1000000001, matchtype: 'FootprintParcel' },
  },
  parcel: { x: 38, y: 12, expect: { location_id: 1000000002, matchtype: 'Parcel' } },
  parcelBeyondLimitFallsToNearest: {
    x: 5,
    y: 45,
    parceldistancem: 10,
    expect: { location_id: 1000000001, matchtype: 'Nearest' },
  },
  parcelBeyondBothLimits: { x: 5, y: 45, parceldistancem: 10, neardistancem: 10, expect: null },
  footprint: { x: 305, y: 15, expect: { location_id: 1000000004, matchtype: 'Footprint' } },
  nearest: { x: 1500, y: 60, expect: { location_id: 1000000005, matchtype: 'Nearest' } },
  nearestTooFar: { x: 1500, y: 60, neardistancem: 30, expect: null },
  holeIsOutsideParcel: {
    x: 105,
    y: 60,
    neardistancem: 100,
    expect: { location_id: 1000000003, matchtype: 'Nearest' },
  },
  holeOldVintage: {
    x: 105,
    y: 60,
    vintage: '202306',
    expect: { location_id: 1000000008, matchtype: 'Nearest' },
  },
  largeParcelFar: { x: 2500, y: 500, expect: null },
  largeParcelWide: {
    x: 2500,
    y: 500,
    parceldistancem: 1000,
    expect: { location_id: 1000000006, matchtype: 'Parcel' },
  },
  emptyFootprint: {
    x: 405,
    y: 15,
    neardistancem: 100,
    expect: { location_id: 1000000004, matchtype: 'Nearest' },
  },
  nowhere: { x: 5000, y: 5000, expect: null },
};

export const FIXTURE_VINTAGES = ['202306', '202312', '202406', '202412', '202506'];
