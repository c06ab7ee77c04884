// The H3 cells of the fabric's locations at one resolution, for the fixed broadband hexagons
// (docs/architecture.md, "The fixed broadband path"): a location belongs to latLngToCell of its own point, the cell a summarize of the
// cell's polygon finds it in. Coordinates do not change between vintages, so one grouping
// serves them all; it is built once per resolution (in slices after start-up, see
// fixed-hex-warm-up.ts) and kept, with an R-tree of the cells' boxes to find a tile's cells.
// The coarser resolutions (state zoom) are not grouped from the locations: each is the parents
// of the base resolution's cells (rules/tile-grid.ts, HEX_BASE_RESOLUTION), and its counts are
// the sums of theirs.
import Flatbush from 'flatbush';
import { cellToBoundary, cellToLatLng, cellToParent, latLngToCell } from '../../../../contract/h3';
import type { FabricIndex } from '../fabric-index';

/** The cells of one resolution that hold locations, and where to find them. */
export interface HexGrid {
  res: number;
  /** H3 index of cell c. */
  ids: string[];
  /** Closed lng/lat ring of cell c. */
  rings: GeoJSON.Position[][];
  /** Boxes of the rings; ids are cell indexes. Null when the fabric has no location. */
  tree: Flatbush | null;
}

/** A resolution whose cells the locations are grouped into, each by its own point. */
export interface HexCells extends HexGrid {
  /**
   * Cell of each location (any vintage), by location index: two bytes a location while there
   * are at most 65,536 cells (a county has a few thousand at res 8), four past that.
   */
  cellOf: Uint16Array | Uint32Array;
}

/** A coarser resolution: the parents of a grouped resolution's cells. */
export interface CoarseHexCells extends HexGrid {
  base: HexCells;
  /** The coarse cell of each of base's cells, by base cell index. */
  parentOf: Uint32Array;
}

/** The parents at res of base's cells: a pass over the cells, none over the locations. */
export function coarseHexCells(base: HexCells, res: number): CoarseHexCells {
  const byId = new Map<string, number>();
  const ids: string[] = [];
  const parentOf = new Uint32Array(base.ids.length);
  base.ids.forEach((child, k) => {
    const id = cellToParent(child, res);
    let c = byId.get(id);
    if (c === undefined) {
      c = ids.length;
      byId.set(id, c);
      ids.push(id);
    }
    parentOf[k] = c;
  });
  const rings = ids.map((id) => cellToBoundary(id, true));
  return { res, ids, rings, tree: cellTree(rings), base, parentOf };
}

const M_PER_DEG = 111_320;

/** A cell's centre and the radius around it, in metres, that lies inside it with room to spare. */
interface SafeDisc {
  lng: number;
  lat: number;
  cos: number;
  radius2: number;
}

/**
 * The disc inside a cell's polygon: its centre's least distance to an edge, less 2% and a
 * metre. Local equirectangular metres are exact to well under a centimetre across a cell, and
 * a point that far inside the cell's edges is in it by H3's own test, so latLngToCell (about a
 * microsecond, and a string each time) can be skipped for it.
 */
function safeDisc(id: string, ring: GeoJSON.Position[]): SafeDisc {
  const [lat, lng] = cellToLatLng(id);
  const cos = Math.cos((lat * Math.PI) / 180);
  const xy = ring.map(([x, y]) => [(x! - lng) * cos * M_PER_DEG, (y! - lat) * M_PER_DEG]);
  let least = Infinity;
  for (let k = 0; k + 1 < xy.length; k++) {
    const [ax, ay] = xy[k]!;
    const [bx, by] = xy[k + 1]!;
    // Distance from the centre (the origin) to the line through a and b.
    least = Math.min(least, Math.abs(ax! * by! - ay! * bx!) / Math.hypot(bx! - ax!, by! - ay!));
  }
  const radius = Math.max(0, least * 0.98 - 1);
  return { lng, lat, cos, radius2: radius * radius };
}

/**
 * The grouping as resumable work: each step() takes up to `budget` more locations in the
 * kd-tree's order and answers the cells once every location has one (null until then), so a
 * caller can spread the work over several turns of the event loop.
 */
export function hexCellsBuilder(
  ix: FabricIndex,
  res: number,
): { step(budget: number): HexCells | null } {
  const { count } = ix.fabric.locations;
  const byId = new Map<string, number>();
  const ids: string[] = [];
  const rings: GeoJSON.Position[][] = [];
  const discs: SafeDisc[] = [];
  let cellOf: Uint16Array | Uint32Array = new Uint16Array(count);
  // In the kd-tree's order neighbours come together, so most fall in the previous one's disc.
  const { ids: order, coords } = ix.points;
  let last = -1;
  let k = 0;
  return {
    step(budget) {
      for (const end = Math.min(order.length, k + budget); k < end; k++) {
        const i = order[k]!;
        if (i >= count) continue; // the placeholder point of an empty fabric
        const x = coords[2 * k]!;
        const y = coords[2 * k + 1]!;
        if (last >= 0) {
          const d = discs[last]!;
          const dx = (x - d.lng) * d.cos * M_PER_DEG;
          const dy = (y - d.lat) * M_PER_DEG;
          if (dx * dx + dy * dy < d.radius2) {
            cellOf[i] = last;
            continue;
          }
        }
        const id = latLngToCell(y, x, res);
        let c = byId.get(id);
        if (c === undefined) {
          c = ids.length;
          // Widened once, by the first cell past what two bytes hold (a state at res 8).
          if (c > 0xffff && cellOf instanceof Uint16Array) cellOf = Uint32Array.from(cellOf);
          byId.set(id, c);
          ids.push(id);
          // GeoJSON form: [lng, lat] pairs, first vertex repeated at the end.
          rings.push(cellToBoundary(id, true));
          discs.push(safeDisc(id, rings[c]!));
        }
        cellOf[i] = c;
        last = c;
      }
      return k < order.length ? null : { res, ids, cellOf, rings, tree: cellTree(rings) };
    },
  };
}

/** An R-tree of the cells' boxes (a few thousand at most), null when there is no cell. */
function cellTree(rings: GeoJSON.Position[][]): Flatbush | null {
  if (rings.length === 0) return null;
  const tree = new Flatbush(rings.length);
  for (const ring of rings) {
    const xs = ring.map((p) => p[0]!);
    const ys = ring.map((p) => p[1]!);
    tree.add(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
  }
  tree.finish();
  return tree;
}

/** The whole grouping at once (tests and tools; a server builds it in slices). */
export function buildHexCells(ix: FabricIndex, res: number): HexCells {
  return hexCellsBuilder(ix, res).step(Infinity)!;
}
