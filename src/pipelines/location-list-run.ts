// An area's location list from the published operations, for any service (docs/REAL-API.md):
// collect3 of the area at the map's fabric (and, comparing, at the other fabric), then the
// locations in chunks of maxrequest (location-list-chunk.ts), a few at a time, handed on in
// order as they arrive. Comparing, the locations only the other fabric holds inside the area
// (new, or retired by it) follow once the first fabric's are done: they are the other fabric's
// uuids that none of the first fabric's locations turned out to have. A failed run resumes
// where it stopped; the locations already handed on are not asked again.
import type { MultiPolygon, Polygon } from 'geojson';
import { patiently, runInOrder, type Sleep } from './chunk-scheduler';
import { collectLocations } from './fixed-view-collect';
import type { ViewVintages } from './fixed-view-chunk';
import {
  loadListChunk,
  type Call,
  type ChunkSides,
  type ListLocation,
} from './location-list-chunk';

/** Chunks asked at once (each is 3 to 7 requests, most of them in parallel). */
export const LIST_CONCURRENCY = 3;

export interface ListSpec {
  area: Polygon | MultiPolygon;
  /** The map's releases. */
  a: ViewVintages;
  /** The releases compared with, or null. */
  b: ViewVintages | null;
  /** Which side is the later fabric; null when both are the same fabric (nothing retires). */
  later: 'a' | 'b' | null;
  /** Uuids a chunk: listapis' maxrequest of bulk and bdcfixed. */
  chunkSize: number;
  concurrency?: number;
}

export interface ListProgress {
  /** Locations found by collect3 so far (while finding), then handed on. */
  phase: 'finding' | 'loading';
  done: number;
  /**
   * Locations the list will hold. Comparing, an upper bound until the end: the other fabric's
   * locations not yet matched to one of the first fabric's are counted as its own.
   */
  total: number;
  /** Seconds the service asked to wait before asking again (0: not waiting). */
  waiting: number;
}

export interface ListHandlers {
  onLocations: (locations: ListLocation[]) => void | Promise<void>;
  onProgress: (progress: ListProgress) => void;
  sleep?: Sleep;
}

const cut = (uuids: readonly string[], size: number) => {
  const parts: string[][] = [];
  for (let i = 0; i < uuids.length; i += size) parts.push(uuids.slice(i, i + size));
  return parts;
};

export class LocationListRun {
  #uuidsA: string[] | null = null;
  #uuidsB: string[] | null = null;
  #setB: Set<string> | null = null;
  #chunksADone = 0;
  #extra: string[][] | null = null;
  #extraDone = 0;
  #handed = 0;
  /** The other fabric's uuids of the locations handed on. */
  readonly #matched = new Set<string>();
  #waiting = 0;

  constructor(
    readonly spec: ListSpec,
    readonly handlers: ListHandlers,
  ) {}

  /** Runs (or resumes) the list to its end; rejects on a failure or the signal's abort. */
  async run(signal: AbortSignal): Promise<void> {
    const { spec } = this;
    const call: Call = (request) =>
      patiently(request, {
        signal,
        sleep: this.handlers.sleep,
        onWait: (seconds) => {
          this.#waiting = seconds;
          this.#report('loading');
        },
      });
    if (!this.#uuidsA || (spec.b && !this.#uuidsB)) {
      this.handlers.onProgress({ phase: 'finding', done: 0, total: 0, waiting: 0 });
      const collect = (fabric: string) =>
        collectLocations(fabric, spec.area, Number.POSITIVE_INFINITY, signal, call);
      const [a, b] = await Promise.all([
        this.#uuidsA ? null : collect(spec.a.fabric),
        spec.b && !this.#uuidsB ? collect(spec.b.fabric) : null,
      ]);
      if (a) this.#uuidsA = a.uuids;
      if (b) {
        this.#uuidsB = b.uuids;
        this.#setB = new Set(b.uuids);
      }
    }
    this.#report('loading');

    const chunksA = cut(this.#uuidsA!, spec.chunkSize);
    const sidesA: ChunkSides = {
      own: spec.a,
      other: spec.b,
      ownSide: 'a',
      ownEarlier: spec.later === 'b',
    };
    await this.#runChunks(chunksA.slice(this.#chunksADone), sidesA, signal, call, () => {
      this.#chunksADone += 1;
    });
    if (!spec.b) return;

    this.#extra ??= cut(
      this.#uuidsB!.filter((uuid) => !this.#matched.has(uuid)),
      spec.chunkSize,
    );
    const sidesB: ChunkSides = {
      own: spec.b,
      other: spec.a,
      ownSide: 'b',
      ownEarlier: spec.later === 'a',
    };
    await this.#runChunks(this.#extra.slice(this.#extraDone), sidesB, signal, call, () => {
      this.#extraDone += 1;
    });
  }

  /** The chunks in order; `chunkDone` as each is handed on (a retry starts after those). */
  async #runChunks(
    chunks: string[][],
    sides: ChunkSides,
    signal: AbortSignal,
    call: Call,
    chunkDone: () => void,
  ): Promise<void> {
    const tasks = chunks.map((uuids) => (s: AbortSignal) => loadListChunk(sides, uuids, call, s));
    await runInOrder(tasks, {
      concurrency: this.spec.concurrency ?? LIST_CONCURRENCY,
      signal,
      onResult: async (_, chunk) => {
        await this.handlers.onLocations(chunk.locations);
        // Only those its collect3 gave: a location may lie outside the area in the other fabric.
        for (const uuid of chunk.otherUuids) if (this.#setB?.has(uuid)) this.#matched.add(uuid);
        this.#handed += chunk.locations.length;
        chunkDone();
        this.#report('loading');
      },
    });
  }

  #report(phase: ListProgress['phase']) {
    // The first fabric's locations, and the other's not matched to one of them (yet).
    const a = this.#uuidsA?.length ?? 0;
    const unmatched = this.#uuidsB ? Math.max(0, this.#uuidsB.length - this.#matched.size) : 0;
    this.handlers.onProgress({
      phase,
      done: this.#handed,
      total: Math.max(this.#handed, a + unmatched),
      waiting: this.#waiting,
    });
  }
}
