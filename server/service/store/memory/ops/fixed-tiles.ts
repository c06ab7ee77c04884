// Fixed broadband vector tiles of the reference service (docs/SERVICE.md; docs/architecture.md, "The fixed broadband path"): at street
// zoom layer `fixed`, one point per location with its tier strings; at town and county zoom
// layer `fixed_hex`, H3 cells with their counts under the filters. Finished tiles are kept in a
// bounded LRU keyed by vintages, tile and (for hexagons) filters; each filter's cell counts in
// a small one, since neighbouring tiles share most of their cells. Each resolution's grouping
// of the locations into cells is built in slices (fixed-hex-warm-up.ts): warm() starts it after
// start-up, and a hexagon tile asked meanwhile waits for it without holding the event loop.
// The state zoom's coarse resolutions are the res-7 cells' parents, their counts the sums of
// the res-7 counts under the same filters (rules/tile-grid.ts, HEX_BASE_RESOLUTION).
import { fixedFiltersRecord, type FixedFilters } from '../../../../../shared/fixed-status';
import type { FixedOffer } from '../../../../../shared/served-status';
import type { FabricIndex } from '../fabric-index';
import type { CoarseHexCells, HexCells } from './fixed-hex-cells';
import { countHexCells, sumToParents, type HexCounts } from './fixed-hex-counts';
import { hexCellFeature } from '../../rules/fixed-hex-feature';
import { createHexCellsCache } from './fixed-hex-warm-up';
import { fixedLocationPoints, type FixedVintages } from './fixed-location-features';
import { offerRecords } from './fixed-offers-view';
import { ByteLru } from '../../rules/lru';
import { encodePointTile } from '../../rules/point-tile';
import {
  encodeTile,
  FIXED_LOCATION_MIN_ZOOM,
  HEX_RESOLUTIONS,
  hexResolution,
  tileBBox,
} from '../../rules/tile-grid';

const COUNTS_KEPT = 24;

export interface FixedTileSource {
  locationTile(
    v: FixedVintages,
    z: number,
    x: number,
    y: number,
    provider?: number | null,
  ): Uint8Array;
  hexTile(
    v: FixedVintages,
    z: number,
    x: number,
    y: number,
    filters: FixedFilters,
  ): Promise<Uint8Array>;
  /** Groups the locations into the cells of every hexagon resolution, in slices. */
  warm(): Promise<void>;
  /** Stops a grouping under way. */
  close(): void;
}

export function createFixedTileSource(
  ix: FabricIndex,
  cache = new ByteLru(2048, 64 * 1024 * 1024),
): FixedTileSource {
  const offers: FixedOffer[][] = [];
  const offersOf = (coverage: number) =>
    (offers[coverage] ??= offerRecords(ix.fabric.fixedCoverage[coverage]));
  const hexCells = createHexCellsCache(ix);
  const counts = new Map<string, HexCounts>();

  /** A resolution's counts under the filters; a coarse one's summed from its base cells'. */
  function countsFor(
    hex: HexCells | CoarseHexCells,
    v: FixedVintages,
    filters: FixedFilters,
  ): HexCounts {
    const key = `${hex.res}/${v.fabric}/${v.coverage}/${Object.values(fixedFiltersRecord(filters)).join('/')}`;
    let found = counts.get(key);
    if (found)
      counts.delete(key); // re-inserted below: Map order is recency
    else if ('base' in hex) found = sumToParents(hex, countsFor(hex.base, v, filters));
    else found = countHexCells(ix, hex, v, offersOf(v.coverage), filters);
    counts.set(key, found);
    if (counts.size > COUNTS_KEPT) counts.delete(counts.keys().next().value!);
    return found;
  }

  function cached(key: string, build: () => Uint8Array): Uint8Array {
    let bytes = cache.get(key);
    if (!bytes) {
      bytes = build();
      bytes = cache.set(key, bytes);
    }
    return bytes;
  }

  function hexFeatures(
    hex: HexCells | CoarseHexCells,
    v: FixedVintages,
    z: number,
    x: number,
    y: number,
    f: FixedFilters,
  ) {
    const n = countsFor(hex, v, f);
    const [w, s, e, north] = tileBBox(z, x, y);
    const found = hex.tree ? hex.tree.search(w, s, e, north) : [];
    return found
      .filter((c) => n.locations[c] > 0)
      .map((c) =>
        hexCellFeature(hex.ids[c], hex.rings[c], {
          locations: n.locations[c],
          bsls: n.bsls[c],
          served: n.served[c],
          underserved: n.underserved[c],
          unserved: n.unserved[c],
          notinrelease: n.notinrelease[c],
        }),
      );
  }

  return {
    locationTile(v, z, x, y, provider = null) {
      return cached(`fixed/${v.fabric}/${v.coverage}/${z}/${x}/${y}/${provider ?? ''}`, () => {
        const box = tileBBox(z, x, y);
        const points =
          z >= FIXED_LOCATION_MIN_ZOOM
            ? fixedLocationPoints(ix, v, offersOf(v.coverage), box, provider)
            : [];
        return encodePointTile('fixed', points, z, x, y);
      });
    },
    async hexTile(v, z, x, y, filters) {
      const key = `hex/${v.fabric}/${v.coverage}/${z}/${x}/${y}/${Object.values(fixedFiltersRecord(filters)).join('/')}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const res = hexResolution(z);
      const hex = res === null ? null : await hexCells.cells(res);
      return cached(key, () =>
        encodeTile({ fixed_hex: hex ? hexFeatures(hex, v, z, x, y, filters) : [] }, z, x, y),
      );
    },
    warm: () => hexCells.warm(HEX_RESOLUTIONS),
    close: () => hexCells.close(),
  };
}
