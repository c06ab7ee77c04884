// Fixed and mobile coverage of the fixture fabric, per vintage.
import { latLngToCell, h3IndexToSplitLong } from 'h3-js';
import type { FixedCoverage, MobileCoverage } from '../store/fabric';
import { FIXTURE_LOCATIONS, fixtureLngLat } from './fixture-layout';
import { packFixedCoverage } from '../store/memory/fixed-offers';

export const FIXED_PROVIDERS = [
  { providerId: 130001, frn: '0012345678', brandName: 'Prairie Fiber Co' },
  { providerId: 130002, frn: '0009876543', brandName: 'Capital Cable' },
  { providerId: 130003, frn: '0001112223', brandName: 'SkyReach Satellite' },
  { providerId: 130004, frn: '0004445556', brandName: 'Sangamon Wireless' },
];
export const MOBILE_CARRIERS = [
  { providerId: 140001, frn: '0007778889', brandName: 'Prairie Mobile' },
  { providerId: 140002, frn: '0003334445', brandName: 'Lincoln Wireless' },
];

type Row = [
  provider: number,
  tech: number,
  down: number,
  up: number,
  lowLatency: number,
  br: number,
];
const SAT: Row = [2, 60, 100, 20, 0, 2];
/**
 * Served status by design, by location id suffix: 01 served (fiber); 02 underserved (cable
 * 100/10) until 202412, then served (fiber arrives); 03 unserved (DSL 10/1); 04 served
 * (licensed wireless 100/20); 05 unserved (satellite only); 06 underserved (wireless 25/3);
 * 11, 12, 13 served; the rest underserved (DSL 25/3).
 */
function fixedRows(i: number, vi: number): Row[] {
  switch (i) {
    case 0:
      return [[0, 50, 1000, 1000, 1, 0], SAT];
    case 1:
      return vi >= 3
        ? [
            [1, 40, 100, 10, 1, 0],
            [0, 50, 1000, 1000, 1, 0],
          ]
        : [[1, 40, 100, 10, 1, 0]];
    case 2:
      return [[1, 10, 10, 1, 1, 0], SAT];
    case 3:
      return [[3, 71, 100, 20, 1, 0]];
    case 4:
      return [SAT, [2, 61, 250, 25, 0, 2]];
    case 5:
      return [[3, 71, 25, 3, 1, 0], SAT];
    case 10:
    case 11:
      return [[1, 40, 1000, 50, 1, 2]];
    case 12:
      return [
        [0, 50, 2000, 2000, 1, 1],
        [1, 40, 1000, 50, 1, 1],
      ];
    default:
      return [[1, 10, 25, 3, 1, 0]];
  }
}

export function fixtureFixedCoverage(vintage: string, vi: number): FixedCoverage {
  const rows: Row[] = [];
  const start = new Uint32Array(FIXTURE_LOCATIONS.length + 1);
  FIXTURE_LOCATIONS.forEach((l, i) => {
    if (l.presence & (1 << vi)) rows.push(...fixedRows(i, vi));
    start[i + 1] = rows.length;
  });
  const pick = (k: number) => rows.map((r) => r[k]);
  return packFixedCoverage(vintage, start, {
    provider: pick(0),
    technology: pick(1),
    down: pick(2),
    up: pick(3),
    lowLatency: pick(4),
    businessResidential: pick(5),
  });
}

/** Two covered cells: location 01's (two carriers, 4G and 5G) and 05's (one carrier, 5G from 202412). */
export function fixtureMobileCoverage(
  vintage: string,
  vi: number,
  lngLat: [number, number][],
): MobileCoverage {
  type MRow = [
    carrier: number,
    tech: number,
    down: number,
    up: number,
    signal: number,
    env: number,
  ];
  const town: MRow[] = [
    [0, 4, 5, 1, -90, 0],
    [0, 4, 5, 1, -95, 1],
    [0, 5, 35, 3, -98, 0],
    [1, 4, 5, 1, -100, 0],
  ];
  const rural: MRow[] =
    vi >= 3
      ? [
          [1, 4, 5, 1, -110, 0],
          [1, 5, 7, 1, -115, 0],
        ]
      : [[1, 4, 5, 1, -110, 0]];
  const cells = [
    { cell: latLngToCell(lngLat[0][1], lngLat[0][0], 9), rows: town },
    { cell: latLngToCell(lngLat[4][1], lngLat[4][0], 9), rows: rural },
  ].map((c) => ({ ...c, split: h3IndexToSplitLong(c.cell) }));
  cells.sort((a, b) => a.split[1] - b.split[1] || a.split[0] - b.split[0]);
  const rows = cells.flatMap((c) => c.rows);
  const pick = (k: number) => rows.map((r) => r[k]);
  const start = new Uint32Array(cells.length + 1);
  cells.forEach((c, i) => (start[i + 1] = start[i] + c.rows.length));
  return {
    vintage,
    cellHigh: Uint32Array.from(cells.map((c) => c.split[1] >>> 0)),
    cellLow: Uint32Array.from(cells.map((c) => c.split[0] >>> 0)),
    start,
    carrier: Uint8Array.from(pick(0)),
    technology: Uint8Array.from(pick(1)),
    mindown: Uint16Array.from(pick(2)),
    minup: Uint16Array.from(pick(3)),
    minsignal: Int16Array.from(pick(4)),
    environment: Uint8Array.from(pick(5)),
  };
}

/** The res-9 cells the fixture's mobile coverage covers: [town cell, rural cell]. */
export function fixtureMobileCells(): string[] {
  const [a, b] = [FIXTURE_LOCATIONS[0], FIXTURE_LOCATIONS[4]].map((l) => fixtureLngLat(l.x, l.y));
  return [latLngToCell(a[1], a[0], 9), latLngToCell(b[1], b[0], 9)];
}
