// The soak's request mix, drawn from the fabric itself and seeded so runs compare: what a day
// of planners sends (mostly locate clicks, then lookups, coverage, bulk and area summaries, a
// few tiles) plus a share of requests the service must refuse (bad parameters, an unknown
// vintage), each with the status class it should get.
import { splitLongToH3Index } from 'h3-js';
import type { Fabric } from '../server/service/store/fabric';
import { locatePaths, seededRandom, summarizePolygon } from './workload';

export interface SoakRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** What the service should answer: 2 for a 2xx, 4 for a refusal. */
  expect: 2 | 4;
}

/** Share of each kind in the mix (sums to 100). */
export const MIX = {
  locate: 50,
  match: 8,
  data: 7,
  fixed: 8,
  mobile: 5,
  history: 3,
  translate: 2,
  bulk: 5,
  summarize: 4,
  tile: 3,
  refused: 5,
} as const;

function tileOf(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [x, y];
}

export function soakRequests(fabric: Fabric, current: Uint32Array, count: number): SoakRequest[] {
  const random = seededRandom(7);
  const pick = <T>(list: ArrayLike<T>): T => list[Math.floor(random() * list.length)]!;
  const v = fabric.vintages.at(-1)!.vintage;
  const { locations, roads, towns } = fabric;
  const mobile = fabric.mobileCoverage.at(-1)!;
  const locate = locatePaths(fabric, current, 5000, 3);
  const area = JSON.stringify(summarizePolygon(fabric, current, 2000, 200));
  const id = () => locations.locationId[pick(current)]!;

  const make: Record<keyof typeof MIX, () => SoakRequest> = {
    locate: () => ({ method: 'GET', path: pick(locate), expect: 2 }),
    match: () => {
      const i = pick(current);
      const text = `${locations.houseNumber[i]} ${roads.name[locations.road[i]!]}, ${towns[locations.town[i]!]!.name} IL`;
      return {
        method: 'GET',
        path: `/fabricext/${v}/match?text=${encodeURIComponent(text)}`,
        expect: 2,
      };
    },
    data: () => ({
      method: 'GET',
      path: `/fabric/${v}/data/locations?location_id=${id()}`,
      expect: 2,
    }),
    fixed: () => ({
      method: 'GET',
      path: `/coverage/bdcfixed?location_id=${id()}&vintage=${v}`,
      expect: 2,
    }),
    mobile: () => {
      const c = Math.floor(random() * mobile.cellHigh.length);
      const cell = splitLongToH3Index(mobile.cellLow[c]!, mobile.cellHigh[c]!);
      return {
        method: 'GET',
        path: `/coverage/bdcmobile?h3_res9_id=${cell}&vintage=${v}`,
        expect: 2,
      };
    },
    history: () => ({
      method: 'GET',
      path: `/fabricext/${v}/history?location_id=${id()}`,
      expect: 2,
    }),
    translate: () => ({
      method: 'GET',
      path: `/fabricext/${v}/translate?src=location_id&dest=uuid&id=${id()}`,
      expect: 2,
    }),
    bulk: () => ({
      method: 'POST',
      path: `/fabric/${v}/bulk/locations?field=unit_count,building_type_code`,
      body: JSON.stringify({ location_id: Array.from({ length: 50 }, id) }),
      expect: 2,
    }),
    summarize: () => ({
      method: 'POST',
      path: `/fabricext/${v}/summarize?field=building_type_code,unit_count`,
      body: area,
      expect: 2,
    }),
    tile: () => {
      const i = pick(current);
      const [x, y] = tileOf(locations.lng[i]!, locations.lat[i]!, 15);
      return { method: 'GET', path: `/fabric/${v}/tiles/15/${x}/${y}.pbf`, expect: 2 };
    },
    refused: () =>
      pick<SoakRequest>([
        { method: 'GET', path: `/fabricext/${v}/locate?latitude=abc&longitude=-89.6`, expect: 4 },
        {
          method: 'GET',
          path: `/fabricext/209912/locate?latitude=39.8&longitude=-89.6`,
          expect: 4,
        },
        {
          method: 'POST',
          path: `/fabricext/${v}/summarize?field=unit_count`,
          body: '{"type":"Polygon"',
          expect: 4,
        },
        { method: 'GET', path: `/fabric/${v}/data/locations`, expect: 4 },
      ]),
  };
  const kinds = Object.entries(MIX).flatMap(([kind, share]) =>
    Array<keyof typeof MIX>(share).fill(kind as keyof typeof MIX),
  );
  return Array.from({ length: count }, () => make[pick(kinds)]());
}
