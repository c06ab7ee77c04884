// Summarizes an area of any size: one request when it fits under maxcount, otherwise the
// area is split into parts (again for any part still too big), at most `concurrency` parts
// are in flight, and the part summaries are merged into the one answer the whole would give.
// runSplit does the same for any answer that merges exactly (the area report's counts).
// A part is split ahead when a count (the reference service's count operation) says it holds
// more than maxcount, so no request is sent that the service would refuse; without a count (a
// service that does not tell it ahead) the part is asked, and its 422 tells the count instead.
import { splitArea } from '../lib/geo/split-area';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { mergeSummaries, type SummaryResult } from './summary-merge';

export type PartOutcome<T = SummaryResult> =
  | { ok: true; result: T }
  /** The part holds more than maxcount locations (the service's 422 maxcount_exceeded). */
  | { ok: false; locationcount: number | null; maxcount: number | null };

export type SummarizePart<T = SummaryResult> = (
  area: AreaGeometry,
  signal: AbortSignal,
) => Promise<PartOutcome<T>>;

export interface SplitProgress {
  /** Parts summarized so far. */
  done: number;
  /** Parts known so far; grows when a part turns out too big and is split again. */
  total: number;
}

/** How many locations an area holds and the most one request may cover; null: not known. */
export type CountPart = (
  area: AreaGeometry,
  signal: AbortSignal,
) => Promise<{ locationcount: number; maxcount: number } | null>;

export interface SplitRunOptions {
  area: AreaGeometry;
  /** Asked before each part, when the service tells counts ahead. */
  count?: CountPart;
  fields: readonly string[];
  summarize: SummarizePart;
  signal: AbortSignal;
  concurrency?: number;
  onProgress?: (progress: SplitProgress) => void;
}

export interface SplitRunResult<T = SummaryResult> {
  result: T;
  parts: number;
}

/** A split run of any part answer, merged by `merge` (which must equal the whole's answer). */
export interface GenericSplitOptions<T> extends Omit<SplitRunOptions, 'fields' | 'summarize'> {
  part: SummarizePart<T>;
  merge: (parts: T[]) => T;
}

/** Aim each part at this share of maxcount: bands are equal in width, not in locations. */
const TARGET_SHARE = 0.6;
/** A part that cannot be split further (a point-sized cluster) stops the run instead of looping. */
const MAX_DEPTH = 12;

/** How many parts to cut an area of `locationcount` into; 2 when the counts are unknown. */
export function splitFactor(locationcount: number | null, maxcount: number | null): number {
  if (!locationcount || !maxcount) return 2;
  return Math.max(2, Math.min(16, Math.ceil(locationcount / (maxcount * TARGET_SHARE))));
}

/**
 * What to do with a part, from its count: ask it when it fits or its count is not known (the
 * service's 422 then tells it), else cut it in `parts` without asking.
 */
export function partPlan(
  counted: { locationcount: number; maxcount: number } | null,
): { ask: true } | { ask: false; parts: number } {
  if (!counted || counted.locationcount <= counted.maxcount) return { ask: true };
  return { ask: false, parts: splitFactor(counted.locationcount, counted.maxcount) };
}

function abortError(): Error {
  return new DOMException('The summary was cancelled.', 'AbortError');
}

export function summarizeSplit(options: SplitRunOptions): Promise<SplitRunResult> {
  const { fields, summarize, ...rest } = options;
  return runSplit({ ...rest, part: summarize, merge: (parts) => mergeSummaries(parts, fields) });
}

export async function runSplit<T>(options: GenericSplitOptions<T>): Promise<SplitRunResult<T>> {
  const { part: summarize, merge, signal, onProgress } = options;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const queue: { area: AreaGeometry; depth: number }[] = [{ area: options.area, depth: 0 }];
  const results: T[] = [];
  const progress: SplitProgress = { done: 0, total: 1 };
  let failure: unknown = null;

  const cut = (part: { area: AreaGeometry; depth: number }, parts: number) => {
    const pieces = part.depth < MAX_DEPTH ? splitArea(part.area, parts) : [];
    if (pieces.length < 2) throw new Error('The area could not be split under the service limit.');
    for (const area of pieces) queue.push({ area, depth: part.depth + 1 });
    progress.total += pieces.length - 1;
  };

  const runPart = async (part: { area: AreaGeometry; depth: number }): Promise<void> => {
    if (signal.aborted) throw abortError();
    const plan = partPlan(options.count ? await options.count(part.area, signal) : null);
    if (!plan.ask) {
      cut(part, plan.parts);
    } else {
      const outcome = await summarize(part.area, signal);
      if (outcome.ok) {
        results.push(outcome.result);
        progress.done += 1;
      } else {
        cut(part, splitFactor(outcome.locationcount, outcome.maxcount));
      }
    }
    onProgress?.({ ...progress });
  };

  // One task per part; as tasks finish (or split), new ones start, never more than `concurrency`.
  const running = new Set<Promise<void>>();
  const start = () => {
    // `failure` is set by the tasks' catch handlers between calls of start().
    // oxlint-disable-next-line no-unmodified-loop-condition
    while (running.size < concurrency && queue.length > 0 && failure === null) {
      const task: Promise<void> = runPart(queue.shift()!)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => running.delete(task));
      running.add(task);
    }
  };
  start();
  while (running.size > 0) {
    await Promise.race(running);
    start();
  }
  if (failure !== null) throw failure;
  if (signal.aborted) throw abortError();
  return { result: merge(results), parts: results.length };
}
