// Turns the cells in view and the records loaded so far into what the map and the legend
// show: one feature per cell with its class, and the count of cells in each class.
import type { FeatureCollection, Polygon } from 'geojson';
import { cellPolygon } from '../../lib/geo/h3';
import {
  classifyCell,
  emptyClassCounts,
  type MobileClass,
  type MobileCoverageFilter,
  type MobileServiceRecord,
} from './mobile-classify';
import { LOADING_CLASS, type CellClass } from './hex-styles';

export interface CellProperties {
  h3: string;
  cls: CellClass;
}

export interface HexView {
  features: FeatureCollection<Polygon, CellProperties>;
  counts: Record<MobileClass, number>;
  /** Cells in view whose records have not arrived. */
  loading: number;
}

// Outlines never change; computing 5,000 of them again on every block answer is wasted work.
const outlines = new Map<string, Polygon>();
const MAX_OUTLINES = 60_000;

function outline(cell: string): Polygon {
  let polygon = outlines.get(cell);
  if (!polygon) {
    if (outlines.size >= MAX_OUTLINES) outlines.clear();
    polygon = cellPolygon(cell);
    outlines.set(cell, polygon);
  }
  return polygon;
}

export function buildHexView(
  cells: readonly string[],
  byCell: ReadonlyMap<string, readonly MobileServiceRecord[]>,
  filter: MobileCoverageFilter,
): HexView {
  const counts = emptyClassCounts();
  let loading = 0;
  const features = cells.map((h3) => {
    const records = byCell.get(h3);
    let cls: CellClass;
    if (records === undefined) {
      cls = LOADING_CLASS;
      loading++;
    } else {
      cls = classifyCell(records, filter);
      counts[cls]++;
    }
    return {
      type: 'Feature' as const,
      properties: { h3, cls },
      geometry: outline(h3),
    };
  });
  return { features: { type: 'FeatureCollection', features }, counts, loading };
}
