// The hexagon cells of each resolution built without holding the event loop (docs/architecture.md, "The fixed broadband path"). At a
// million locations grouping every location into its cell takes one to two seconds; done at
// once, on the first hexagon tile, it left every locate and tile behind it waiting that long.
// The work runs in slices of a few milliseconds, each after a setImmediate so the requests that
// arrived meanwhile are answered between them, and whoever asks for a resolution while it is
// being built (the start-up warm-up, a hexagon tile) awaits the same promise. A coarse
// resolution waits for its base resolution's grouping and then takes its cells' parents, a
// pass over the cells (some thousands) rather than the locations.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { HEX_BASE_RESOLUTION, isCoarseHexResolution } from '../../rules/tile-grid';
import type { FabricIndex } from '../fabric-index';
import {
  coarseHexCells,
  hexCellsBuilder,
  type CoarseHexCells,
  type HexCells,
} from './fixed-hex-cells';

/** Longest run between two turns of the event loop. */
export const SLICE_MS = 5;
/**
 * Locations grouped between two looks at the clock: a few at first, while the code is cold
 * (a cold chunk of 2048 took 20 ms), doubled while a chunk takes under an eighth of a slice.
 */
const FIRST_CHUNK = 128;
const MAX_CHUNK = 4096;

export async function buildHexCellsInSlices(
  ix: FabricIndex,
  res: number,
  opts: { sliceMs?: number; signal?: AbortSignal } = {},
): Promise<HexCells> {
  const builder = hexCellsBuilder(ix, res);
  const sliceMs = opts.sliceMs ?? SLICE_MS;
  let chunk = FIRST_CHUNK;
  for (;;) {
    await nextTurn();
    opts.signal?.throwIfAborted();
    const until = performance.now() + sliceMs;
    for (;;) {
      const started = performance.now();
      const done = builder.step(chunk);
      if (done) return done;
      const now = performance.now();
      if (now - started < sliceMs / 8) chunk = Math.min(2 * chunk, MAX_CHUNK);
      if (now >= until) break;
    }
  }
}

export interface HexCellsCache {
  /**
   * The cells at res: built once (a grouped resolution in slices, a coarse one from its base
   * resolution's cells); every caller gets the same promise.
   */
  cells(res: number): Promise<HexCells | CoarseHexCells>;
  /** Builds these resolutions one after the other, unless asked for sooner. */
  warm(resolutions: readonly number[]): Promise<void>;
  /** Stops any build under way (its callers' promises reject). */
  close(): void;
}

/** The promise kept under res, built by make on the first ask; a failed one is not kept. */
function once<T>(kept: Map<number, Promise<T>>, res: number, make: () => Promise<T>): Promise<T> {
  let found = kept.get(res);
  if (!found) {
    found = make();
    kept.set(res, found);
    // A build that failed is not kept: the next request starts another.
    const mine = found;
    mine.catch(() => {
      if (kept.get(res) === mine) kept.delete(res);
    });
  }
  return found;
}

export function createHexCellsCache(ix: FabricIndex): HexCellsCache {
  const grouped = new Map<number, Promise<HexCells>>();
  const coarse = new Map<number, Promise<CoarseHexCells>>();
  const stop = new AbortController();
  const group = (res: number) =>
    once(grouped, res, () => buildHexCellsInSlices(ix, res, { signal: stop.signal }));
  const cells = (res: number): Promise<HexCells | CoarseHexCells> =>
    isCoarseHexResolution(res)
      ? once(coarse, res, async () => coarseHexCells(await group(HEX_BASE_RESOLUTION), res))
      : group(res);
  return {
    cells,
    async warm(resolutions) {
      for (const res of resolutions) await cells(res);
    },
    close: () => stop.abort(),
  };
}
