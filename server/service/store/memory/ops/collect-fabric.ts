// collect3 over the demo fabric's layers: locations are their own points in the fabric's
// kd-tree (present in the vintage asked); parcels and footprints exist in every vintage and
// count by one representative point each, in a kd-tree built the first time a layer is asked.
import type KDBush from 'kdbush';
import type { FabricIndex } from '../fabric-index';
import type { Area, CollectLimits, CollectPart, CollectResult, LayerName } from '../../store';
import { buildAreaIndex } from '../../rules/area-index';
import { collectStep, type PointLayer } from './collect3';
import { LAYER_CODE } from './location-records';
import { representativeTree } from '../../rules/representative-point';

export interface FabricCollector {
  collect(
    vi: number,
    layer: LayerName,
    area: Area,
    part: CollectPart | null,
    limits: CollectLimits,
  ): CollectResult | null;
}

export function createFabricCollector(ix: FabricIndex): FabricCollector {
  const polygonTrees = new Map<'parcels' | 'footprints', KDBush | null>();

  function pointLayer(vi: number, layer: LayerName): PointLayer | null {
    if (layer === 'locations') {
      const bit = 1 << vi;
      return { tree: ix.points, present: (k) => (ix.pointPresence[k] & bit) !== 0 };
    }
    if (!polygonTrees.has(layer)) {
      polygonTrees.set(layer, representativeTree(ix.fabric[layer].geometry));
    }
    const tree = polygonTrees.get(layer);
    return tree ? { tree, present: () => true } : null;
  }

  return {
    collect(vi, layer, area, part, limits) {
      const points = pointLayer(vi, layer);
      if (!points) return part ? null : { uuids: [], parts: [] };
      const step = collectStep(points, buildAreaIndex(area), part, limits);
      if (!step) return null;
      if ('parts' in step) return { uuids: [], parts: step.parts };
      const ids = points.tree.ids;
      const code = LAYER_CODE[layer];
      return {
        uuids: step.positions.map((k) =>
          ix.uuids.encode({ layer: code, vintageIndex: vi, feature: ids[k] }),
        ),
        parts: [],
      };
    },
  };
}
