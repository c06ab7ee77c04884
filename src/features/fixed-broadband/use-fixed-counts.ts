// What the legend counts: the locations drawn in view by status (zoom 13 and closer), or the
// hexagons drawn in view by class with the BSLs they hold (further out). Read from what the
// map has drawn (queryRenderedFeatures) each time it comes to rest, so the counts are those of
// the symbols on screen under the current filters.
import { useEffect, useState } from 'react';
import type { Map as MapLibreMap, MapGeoJSONFeature } from 'maplibre-gl';
import type { FixedLocationStatus } from '../../../shared/fixed-status';
import { LAYER } from '../../map/ids';
import { FIXED_POINT_MIN_ZOOM, HEX_CLASSES, STATUS_LAYERS, hexClassOf } from './fixed-styles';

export type StatusCounts = Record<FixedLocationStatus, number>;

export interface HexCounts {
  /** Hexagons in view by share class (index into HEX_CLASSES). */
  byClass: number[];
  few: number;
  /** Hexagons holding no BSL of the release. */
  empty: number;
  bsls: number;
  unserved: number;
  underserved: number;
}

export type FixedCounts =
  | { kind: 'locations'; counts: StatusCounts }
  | { kind: 'hexes'; counts: HexCounts }
  | { kind: 'none' };

const featureKey = (f: MapGeoJSONFeature): unknown => f.id ?? f.properties.location_id;

function countLocations(map: MapLibreMap): StatusCounts {
  const counts = {} as StatusCounts;
  for (const { status, id } of STATUS_LAYERS) {
    if (!map.getLayer(id)) {
      counts[status] = 0;
      continue;
    }
    // A point near a tile edge is in both tiles' buffers: count each location once.
    const seen = new Set(map.queryRenderedFeatures({ layers: [id] }).map(featureKey));
    counts[status] = seen.size;
  }
  return counts;
}

function countHexes(map: MapLibreMap): HexCounts {
  const layers = [LAYER.fixedHexFill, LAYER.fixedHexFew].filter((id) => map.getLayer(id));
  const cells = new Map<string, Record<string, unknown>>();
  for (const f of map.queryRenderedFeatures({ layers })) {
    const h3 = String(f.properties.h3);
    if (!cells.has(h3)) cells.set(h3, f.properties);
  }
  const out: HexCounts = {
    byClass: HEX_CLASSES.map(() => 0),
    few: 0,
    empty: 0,
    bsls: 0,
    unserved: 0,
    underserved: 0,
  };
  for (const p of cells.values()) {
    const bsls = Number(p.bsls) || 0;
    if (bsls === 0) {
      out.empty += 1;
      continue;
    }
    out.byClass[hexClassOf(Number(p.share) || 0)]! += 1;
    if (Number(p.few) === 1) out.few += 1;
    out.bsls += bsls;
    out.unserved += Number(p.unserved) || 0;
    out.underserved += Number(p.underserved) || 0;
  }
  return out;
}

function sameCounts(a: FixedCounts, b: FixedCounts): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const NONE: FixedCounts = { kind: 'none' };

export function useFixedCounts(map: MapLibreMap | null, active: boolean): FixedCounts {
  const [counts, setCounts] = useState<FixedCounts>(NONE);
  useEffect(() => {
    if (!map || !active) return;
    const update = () => {
      const next: FixedCounts =
        map.getZoom() >= FIXED_POINT_MIN_ZOOM
          ? { kind: 'locations', counts: countLocations(map) }
          : { kind: 'hexes', counts: countHexes(map) };
      setCounts((previous) => (sameCounts(previous, next) ? previous : next));
    };
    // `idle`: every tile in view loaded and drawn, after a move, a filter or a vintage change.
    map.on('idle', update);
    // A frame now, so an already resting map fires `idle` (and counts) once more.
    map.triggerRepaint();
    return () => {
      map.off('idle', update);
      setCounts(NONE);
    };
  }, [map, active]);
  return active ? counts : NONE;
}
