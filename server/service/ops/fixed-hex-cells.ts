// The H3 cells of the fabric's locations at one resolution, for the fixed broadband hexagons
// (issue 13): a location belongs to latLngToCell of its own point, the cell a summarize of the
// cell's polygon finds it in. Coordinates do not change between vintages, so one grouping
// serves them all; it is built on the first hexagon tile of a resolution (about a second per
// million locations) and kept, with an R-tree of the cells' boxes to find a tile's cells.
import Flatbush from 'flatbush';
import { cellToBoundary, latLngToCell } from 'h3-js';
import type { FabricIndex } from '../store/memory/fabric-index';

export interface HexCells {
  res: number;
  /** H3 index of cell c. */
  ids: string[];
  /** Cell of each location (any vintage), by location index. */
  cellOf: Uint32Array;
  /** Closed lng/lat ring of cell c. */
  rings: GeoJSON.Position[][];
  /** Boxes of the rings; ids are cell indexes. Null when the fabric has no location. */
  tree: Flatbush | null;
}

export function buildHexCells(ix: FabricIndex, res: number): HexCells {
  const { count, lng, lat } = ix.fabric.locations;
  const byId = new Map<string, number>();
  const ids: string[] = [];
  const cellOf = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const id = latLngToCell(lat[i], lng[i], res);
    let c = byId.get(id);
    if (c === undefined) {
      c = ids.length;
      byId.set(id, c);
      ids.push(id);
    }
    cellOf[i] = c;
  }
  // GeoJSON form: [lng, lat] pairs, first vertex repeated at the end.
  const rings = ids.map((id) => cellToBoundary(id, true));
  let tree: Flatbush | null = null;
  if (ids.length > 0) {
    tree = new Flatbush(ids.length);
    for (const ring of rings) {
      const xs = ring.map((p) => p[0]);
      const ys = ring.map((p) => p[1]);
      tree.add(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
    }
    tree.finish();
  }
  return { res, ids, cellOf, rings, tree };
}
