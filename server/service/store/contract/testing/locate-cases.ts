// locate's cases: points on and around locations, inside and just outside parcels and footprints
// (those outside every parcel too), scattered over the county and far from it; asked under the
// default options and under each option moved: both distance parameters, both tolerances, and
// match type masks.
import { type LocatePoint } from '../../store';
import { firstPart } from '../../fabric';
import {
  ALL_MATCH_TYPES,
  type LocateOptions,
} from '../../../../contract/schemas/locate-match-types';
import { ringMean, vertex, type Picker } from './pick';

export const DEFAULT_OPTIONS: LocateOptions = {
  parceldistancem: 500,
  neardistancem: 50,
  parceltolerancem: 0,
  footprinttolerancem: 0,
  matchtypes: ALL_MATCH_TYPES,
};

/** Option sets by name; each differs from the defaults in what its name says. */
export const OPTION_SETS: Record<string, LocateOptions> = {
  defaults: DEFAULT_OPTIONS,
  'parceldistancem 15': { ...DEFAULT_OPTIONS, parceldistancem: 15 },
  'parceldistancem 0': { ...DEFAULT_OPTIONS, parceldistancem: 0 },
  'neardistancem 100': { ...DEFAULT_OPTIONS, neardistancem: 100 },
  'neardistancem 5': { ...DEFAULT_OPTIONS, neardistancem: 5 },
  'parceltolerancem 10': { ...DEFAULT_OPTIONS, parceltolerancem: 10 },
  'footprinttolerancem 8': { ...DEFAULT_OPTIONS, footprinttolerancem: 8 },
  'both tolerances 100': { ...DEFAULT_OPTIONS, parceltolerancem: 100, footprinttolerancem: 100 },
  'matchtype Nearest': { ...DEFAULT_OPTIONS, matchtypes: 8 },
  'matchtype Footprint,Parcel': { ...DEFAULT_OPTIONS, matchtypes: 2 | 4 },
  'matchtype FootprintParcel': { ...DEFAULT_OPTIONS, matchtypes: 1 },
};

export function locatePoints(pick: Picker, vi: number, n: number): LocatePoint[] {
  const { locations: l, parcels, footprints } = pick.fabric;
  const points: [number, number][] = [];
  for (const i of pick.sample(pick.present(vi), n)) {
    const at: [number, number] = [l.lng[i], l.lat[i]];
    points.push(at, ...[3, 12, 40, 90].map((m) => pick.moved(at, m)));
  }
  // Inside a lot, and near its corner (inside or just outside, within the tolerances or not).
  const near = (g: typeof parcels.geometry, f: number) => {
    const corner = vertex(g, g.vertexStart[firstPart(g, f)]);
    return [ringMean(g, f), pick.moved(corner, 2), pick.moved(corner, 7), pick.moved(corner, 30)];
  };
  const every = (count: number) => Array.from({ length: count }, (_, f) => f);
  for (const p of pick.sample(every(parcels.geometry.count), n / 2))
    points.push(...near(parcels.geometry, p));
  // Footprints outside every parcel are where Footprint answers: all of them, then others.
  const alone = every(footprints.geometry.count).filter((f) => footprints.parcel[f] < 0);
  const others = every(footprints.geometry.count).filter((f) => footprints.parcel[f] >= 0);
  for (const f of [...pick.sample(alone, n), ...pick.sample(others, n / 2)])
    points.push(...near(footprints.geometry, f));
  // Scattered over the locations' extent, and far from any.
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < l.count; i++) {
    [x0, x1] = [Math.min(x0, l.lng[i]), Math.max(x1, l.lng[i])];
    [y0, y1] = [Math.min(y0, l.lat[i]), Math.max(y1, l.lat[i])];
  }
  for (let k = 0; k < n; k++)
    points.push([x0 + (x1 - x0) * pick.next(), y0 + (y1 - y0) * pick.next()]);
  points.push([0, 0], [x1 + 0.05, y1 + 0.05], [-179.9, 89.9]);
  const keys = ['a', 7, null] as const;
  return points.map(([longitude, latitude], k) => ({
    latitude,
    longitude,
    sourcekey: keys[k % 3],
  }));
}
