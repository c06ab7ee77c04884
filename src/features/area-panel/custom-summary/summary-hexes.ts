// The hexagon breakout: rows grouped by h3_res8_id become one map feature per cell, shaded by
// the chosen measure. Each cell's opacity follows its location count, so a cell holding 2
// locations reads as faint next to one holding 200 even when their averages match.
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { cellPolygon } from '../../../lib/geo/h3';
import type { SummaryRow } from '../../../api/schemas';
import { stampProperties, type FileStamp } from '../file-stamp';

export const HEX_FIELD = 'h3_res8_id';

export interface HexProps {
  h3_res8_id: string;
  locationcount: number;
  /** The chosen measure for this cell (averages recomputed as sum / count across its rows). */
  value: number | null;
  /** 0..1 position of `value` between the smallest and largest cell values. */
  shade: number;
  /** 0.15..0.85 by location count on a log scale. */
  opacity: number;
}

const num = (v: SummaryRow[string] | undefined): number => (typeof v === 'number' ? v : 0);

/** Per-cell totals; `measure` is 'locationcount' or a `<field>_avg|_cnt|_sum` key. */
export function hexBreakout(
  rows: readonly SummaryRow[],
  measure: string,
): FeatureCollection<Polygon, HexProps> {
  const cells = new Map<string, { count: number; sum: number; cnt: number; value: number }>();
  const avgOf = measure.endsWith('_avg') ? measure.slice(0, -4) : null;
  for (const row of rows) {
    const cell = row[HEX_FIELD];
    if (typeof cell !== 'string' || cell === '') continue;
    const into = cells.get(cell) ?? { count: 0, sum: 0, cnt: 0, value: 0 };
    into.count += num(row.locationcount);
    if (avgOf) {
      into.sum += num(row[`${avgOf}_sum`]);
      into.cnt += num(row[`${avgOf}_cnt`]);
    } else into.value += num(row[measure]);
    cells.set(cell, into);
  }
  const values = [...cells.values()].map((c) =>
    avgOf ? (c.cnt > 0 ? c.sum / c.cnt : null) : c.value,
  );
  const present = values.filter((v): v is number => v !== null);
  const lo = Math.min(...present);
  const hi = Math.max(...present);
  const maxCount = Math.max(1, ...[...cells.values()].map((c) => c.count));
  const features: Feature<Polygon, HexProps>[] = [...cells.entries()].map(([cell, c], i) => {
    const value = values[i] ?? null;
    return {
      type: 'Feature',
      geometry: cellPolygon(cell),
      properties: {
        h3_res8_id: cell,
        locationcount: c.count,
        value,
        shade: value === null || hi === lo ? 0.5 : (value - lo) / (hi - lo),
        opacity: 0.15 + 0.7 * (Math.log1p(c.count) / Math.log1p(maxCount)),
      },
    };
  });
  return { type: 'FeatureCollection', features };
}

/** The export: the area as the first feature, then its hexagons with their values. */
export function areaWithHexes(
  area: Polygon | MultiPolygon,
  hexes: FeatureCollection<Polygon, HexProps>,
  measure: string,
  stamp: FileStamp,
): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: area, properties: { kind: 'area', ...stampProperties(stamp) } },
      ...hexes.features.map((f) => ({
        ...f,
        properties: {
          kind: 'hexagon',
          h3_res8_id: f.properties.h3_res8_id,
          locationcount: f.properties.locationcount,
          [measure]: f.properties.value,
        },
      })),
    ],
  };
}
