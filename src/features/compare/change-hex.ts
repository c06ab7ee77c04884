// A net-change hexagon as the compare card reads it (layer fixed_change_hex of
// /fixedchangehex, docs/SERVICE.md): each status before and after in the order of the card
// (the earlier release first), the net changes, and the sums over the cells in view.
import type { MapGeoJSONFeature } from 'maplibre-gl';
import {
  NET_CLASSES,
  netClassOf,
  type NetClass,
  type Side,
} from '../../../shared/fixed-change-hex';

/** The rows the tooltip and the legend show, in this order. */
export const NET_ROWS = [
  { name: 'served', label: 'Served' },
  { name: 'underserved', label: 'Underserved' },
  { name: 'unserved', label: 'Unserved' },
  { name: 'locations', label: 'Locations' },
] as const;

export type NetRow = (typeof NET_ROWS)[number]['name'];

export interface ChangeHex {
  h3: string;
  before: Record<NetRow, number>;
  after: Record<NetRow, number>;
  net: Record<NetRow, number>;
  cls: NetClass;
  few: boolean;
}

type Props = MapGeoJSONFeature['properties'];

/** A rendered cell's facts, `earlier` being the side before; null when it is not a cell. */
export function readChangeHex(p: Props, earlier: Side): ChangeHex | null {
  if (typeof p.h3 !== 'string') return null;
  const later: Side = earlier === 'a' ? 'b' : 'a';
  const side = (s: Side) =>
    Object.fromEntries(NET_ROWS.map((r) => [r.name, Number(p[`${r.name}_${s}`]) || 0])) as Record<
      NetRow,
      number
    >;
  const net = Object.fromEntries(
    NET_ROWS.map((r) => [r.name, Number(p[`net_${r.name}`]) || 0]),
  ) as Record<NetRow, number>;
  return {
    h3: p.h3,
    before: side(earlier),
    after: side(later),
    net,
    cls: netClassOf(net.served, Number(p.net_share) || 0),
    few: Number(p.few) === 1,
  };
}

export interface ChangeHexSums {
  /** Cells in view, each once. */
  cells: number;
  net: Record<NetRow, number>;
  byClass: Record<NetClass, number>;
}

/** The net changes summed over the cells (each once: a cell lies in every tile it reaches). */
export function sumChangeHexes(cells: readonly ChangeHex[]): ChangeHexSums {
  const seen = new Set<string>();
  const net: Record<NetRow, number> = { served: 0, underserved: 0, unserved: 0, locations: 0 };
  const byClass = Object.fromEntries(NET_CLASSES.map((c) => [c.value, 0])) as Record<
    NetClass,
    number
  >;
  for (const c of cells) {
    if (seen.has(c.h3)) continue;
    seen.add(c.h3);
    for (const r of NET_ROWS) net[r.name] += c.net[r.name];
    byClass[c.cls]++;
  }
  return { cells: seen.size, net, byClass };
}

/** "+12", "−3", "0" (a true minus sign). */
export function signed(n: number): string {
  if (n === 0) return '0';
  const digits = Math.abs(n).toLocaleString('en-US');
  return n > 0 ? `+${digits}` : `\u2212${digits}`;
}
