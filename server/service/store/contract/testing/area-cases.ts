// Areas for summarize and collect3: boxes and irregular rings around towns, a polygon with
// holes, a MultiPolygon of distant parts, the whole extent, an area over no location, and a
// hole that takes everything; and the field lists summarize is asked with.
import { locationFieldDef } from '../../contract';
import { RECORD_FIELDS } from '../../contract';
import type { Area } from '../../store';
import { boxAround, rectRing, starRing, type Picker } from './pick';

export interface NamedArea {
  name: string;
  area: Area;
}

export function contractAreas(pick: Picker): NamedArea[] {
  const { towns, locations: l } = pick.fabric;
  const at = (k: number): [number, number] => [towns[k].lng, towns[k].lat];
  // The towns with most locations nearby first (a small fabric leaves some towns nearly empty).
  const within = (t: number, m: number) => {
    const [x0, y0, x1, y1] = boxAround(at(t), m);
    let n = 0;
    for (let i = 0; i < l.count; i++)
      if (l.lng[i] >= x0 && l.lng[i] <= x1 && l.lat[i] >= y0 && l.lat[i] <= y1) n++;
    return n;
  };
  const busy = towns
    .map((_, t) => ({ t, n: within(t, 1500) }))
    .sort((a, b) => b.n - a.n)
    .map((x) => x.t);
  const [a, b, c] = busy;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < l.count; i++) {
    [x0, x1] = [Math.min(x0, l.lng[i]), Math.max(x1, l.lng[i])];
    [y0, y1] = [Math.min(y0, l.lat[i]), Math.max(y1, l.lat[i])];
  }
  const pad = 0.001;
  const extent: [number, number, number, number] = [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
  return [
    { name: `box 800 m around town ${a}`, area: [[rectRing(boxAround(at(a), 800))]] },
    { name: `box 2 km around town ${b}`, area: [[rectRing(boxAround(at(b), 2000))]] },
    { name: `star around town ${a}`, area: [[starRing(pick, at(a), 23, 300, 1800)]] },
    {
      name: `box around town ${a} with two holes`,
      area: [
        [
          rectRing(boxAround(at(a), 2500)),
          rectRing(boxAround(at(a), 600), true),
          rectRing(boxAround(pick.moved(at(a), 1500), 300), true),
        ],
      ],
    },
    {
      name: `MultiPolygon: towns ${a}, ${b}, ${c}`,
      area: [
        [rectRing(boxAround(at(a), 1000))],
        [starRing(pick, at(b), 11, 400, 1500)],
        [rectRing(boxAround(at(c), 1200)), rectRing(boxAround(at(c), 200), true)],
      ],
    },
    { name: 'the whole extent', area: [[rectRing(extent)]] },
    {
      name: 'the whole extent but a hole over all of it',
      area: [
        [
          rectRing(extent),
          rectRing([x0 - pad / 2, y0 - pad / 2, x1 + pad / 2, y1 + pad / 2], true),
        ],
      ],
    },
    { name: 'far from every location', area: [[rectRing(boxAround([-100, 45], 5000))]] },
  ];
}

const reportable = RECORD_FIELDS.locations.filter((f) => locationFieldDef(f)?.reportable);

/** Field lists: none, discrete ones, continuous ones with categories, every reportable one. */
export const SUMMARY_FIELD_LISTS: string[][] = [
  [],
  ['building_type_code'],
  ['served_status', 'unit_count'],
  ['max_down_mbps', 'max_up_mbps', 'provider_count', 'fiber_provider_count'],
  ['h3_res8_id', 'bsl_flag', 'land_use_code', 'county_geoid', 'state_abbr'],
  ['unit_count', 'building_type_code'],
  reportable,
];
