// Static indexes over a Fabric, built once at load: the kd-tree of locations, R-trees of
// parcel and footprint boxes, parcel/footprint → location lists, and per-vintage derived
// columns (built lazily so a vintage nobody asks about costs nothing). The large arrays live
// on SharedArrayBuffer, so a worker thread rebuilds the same index over them (sharedIndexParts,
// then buildFabricIndex(fabric, parts)) without copying a byte.
import Flatbush from 'flatbush';
import KDBush from 'kdbush';
import { packedBBox } from '../rules/ring-test';
import { buildCoverageColumns, type CoverageColumns } from './coverage-columns';
import { buildCsr, type Csr } from '../rules/csr';
import type { Fabric, PackedGeometry } from '../fabric';
import { createUuidCodec, type UuidCodec } from '../uuid-codec';

export interface FabricIndex {
  fabric: Fabric;
  /** Location kd-tree; ids are location indexes. */
  points: KDBush;
  /** Vintage bits of the kd-tree's points in the tree's own order: presence[points.ids[k]]. */
  pointPresence: Uint8Array;
  parcelTree: Flatbush | null;
  footprintTree: Flatbush | null;
  parcelLocations: Csr;
  footprintLocations: Csr;
  uuids: UuidCodec;
  vintageIndex(vintage: string): number; // -1 when unknown
  coverage(vi: number): CoverageColumns;
  /** Location index of a location_id, or -1. */
  locationIndex(locationId: number): number;
}

/**
 * Boxes are padded by about a metre and kept as Float32 (half the memory of Float64). Float32
 * rounding moves an edge by at most half a metre here, so a padded box still holds its feature;
 * searches give candidates that are tested exactly afterwards.
 */
const BOX_PAD_DEG = 1e-5;

/** The index's large arrays, all on SharedArrayBuffer: what a worker needs to rebuild it. */
export interface SharedIndexParts {
  points: ArrayBufferLike;
  pointPresence: Uint8Array;
  parcelTree: ArrayBufferLike | null;
  footprintTree: ArrayBufferLike | null;
  parcelLocations: Csr;
  footprintLocations: Csr;
}

function boxTree(g: PackedGeometry): Flatbush | null {
  if (g.count === 0) return null;
  const tree = new Flatbush(g.count, 16, Float32Array, SharedArrayBuffer);
  for (let f = 0; f < g.count; f++) {
    const [a, b, c, d] = packedBBox(g, f);
    tree.add(a - BOX_PAD_DEG, b - BOX_PAD_DEG, c + BOX_PAD_DEG, d + BOX_PAD_DEG);
  }
  tree.finish();
  return tree;
}

function buildParts(fabric: Fabric): SharedIndexParts {
  const loc = fabric.locations;
  const points = new KDBush(Math.max(1, loc.count), 64, Float64Array, SharedArrayBuffer);
  for (let i = 0; i < loc.count; i++) points.add(loc.lng[i], loc.lat[i]);
  if (loc.count === 0) points.add(0, 0); // kdbush needs one point; presence 0 hides it
  points.finish();
  const pointPresence = new Uint8Array(new SharedArrayBuffer(points.ids.length));
  for (let k = 0; k < loc.count; k++) pointPresence[k] = loc.presence[points.ids[k]];
  const parcelTree = boxTree(fabric.parcels.geometry);
  const footprintTree = boxTree(fabric.footprints.geometry);
  return {
    points: points.data,
    pointPresence,
    parcelTree: parcelTree && parcelTree.data,
    footprintTree: footprintTree && footprintTree.data,
    parcelLocations: buildCsr(loc.parcel, fabric.parcels.geometry.count),
    footprintLocations: buildCsr(loc.footprint, fabric.footprints.geometry.count),
  };
}

/** The parts to hand a worker thread (structured clone shares SharedArrayBuffers). */
export function sharedIndexParts(ix: FabricIndex): SharedIndexParts {
  return {
    points: ix.points.data,
    pointPresence: ix.pointPresence,
    parcelTree: ix.parcelTree?.data ?? null,
    footprintTree: ix.footprintTree?.data ?? null,
    parcelLocations: ix.parcelLocations,
    footprintLocations: ix.footprintLocations,
  };
}

/** Builds the index, or (`shared`: another thread's parts over this fabric) views it. */
export function buildFabricIndex(fabric: Fabric, shared?: SharedIndexParts): FabricIndex {
  const loc = fabric.locations;
  const parts = shared ?? buildParts(fabric);
  const points = KDBush.from(parts.points);
  const pointPresence = parts.pointPresence;

  const byVintage = new Map(fabric.vintages.map((v, i) => [v.vintage, i]));
  const coverageCache: (CoverageColumns | undefined)[] = [];
  const ids = loc.locationId;

  return {
    fabric,
    points,
    pointPresence,
    parcelTree: parts.parcelTree && Flatbush.from(parts.parcelTree),
    footprintTree: parts.footprintTree && Flatbush.from(parts.footprintTree),
    parcelLocations: parts.parcelLocations,
    footprintLocations: parts.footprintLocations,
    uuids: createUuidCodec(fabric.seed),
    vintageIndex: (v) => byVintage.get(v) ?? -1,
    coverage(vi) {
      coverageCache[vi] ??= buildCoverageColumns(fabric.fixedCoverage[vi], loc.count);
      return coverageCache[vi];
    },
    locationIndex(id) {
      // Locations are sorted by id: binary search instead of a million-entry Map.
      let lo = 0;
      let hi = loc.count - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const v = ids[mid];
        if (v === id) return mid;
        if (v < id) lo = mid + 1;
        else hi = mid - 1;
      }
      return -1;
    },
  };
}

/**
 * Calls `visit(i, lng, lat)` for each location of vintage vi inside the box: kdbush's range()
 * walk, but reading coordinates and presence from arrays in the tree's own order, which the walk
 * has just touched, instead of fetching them by location index from arrays a million long (for
 * 50k locations that fetching cost more than testing them against a 1000-vertex area).
 */
export function forEachPresentPoint(
  ix: FabricIndex,
  vi: number,
  [minX, minY, maxX, maxY]: readonly [number, number, number, number],
  visit: (i: number, lng: number, lat: number) => void,
): void {
  const { ids, coords, nodeSize } = ix.points;
  const presence = ix.pointPresence;
  const bit = 1 << vi;
  const take = (k: number) => {
    const x = coords[2 * k];
    const y = coords[2 * k + 1];
    if (x >= minX && x <= maxX && y >= minY && y <= maxY && presence[k] & bit) visit(ids[k], x, y);
  };
  const stack = [0, ids.length - 1, 0]; // left, right, axis of the nodes still to visit
  while (stack.length > 0) {
    const axis = stack.pop()!;
    const right = stack.pop()!;
    const left = stack.pop()!;
    if (right - left <= nodeSize) {
      for (let k = left; k <= right; k++) take(k);
      continue;
    }
    const m = (left + right) >> 1;
    take(m);
    const x = coords[2 * m];
    const y = coords[2 * m + 1];
    if (axis === 0 ? minX <= x : minY <= y) stack.push(left, m - 1, 1 - axis);
    if (axis === 0 ? maxX >= x : maxY >= y) stack.push(m + 1, right, 1 - axis);
  }
}
