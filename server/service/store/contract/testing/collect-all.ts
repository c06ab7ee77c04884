// collect3 followed to the end on one store: every part an answer lists is posted in turn, as a
// client does. Part structure is the store's own; what must agree between stores is the uuids
// gathered. Checked on the way: an answer holds uuids or parts, never both; at most partSize
// uuids and maxParts parts; no part refused; a bounded number of calls.
import type { Area, CollectLimits, CollectPart, LayerName, Store } from '../../store';

export interface Collected {
  /** Every uuid returned, in the order returned. */
  uuids: string[];
  calls: number;
  /** Broken rules, if any (empty when the store kept them all). */
  problems: string[];
}

export async function collectAll(
  store: Store,
  vintage: string,
  layer: LayerName,
  area: Area,
  limits: CollectLimits,
  maxCalls = 2000,
): Promise<Collected> {
  const uuids: string[] = [];
  const problems: string[] = [];
  const queue: (CollectPart | null)[] = [null];
  let calls = 0;
  while (queue.length > 0) {
    if (calls >= maxCalls) {
      problems.push(`more than ${maxCalls} calls`);
      break;
    }
    const part = queue.shift() ?? null;
    calls++;
    const answer = await store.collect(vintage, layer, area, part, limits);
    if (answer === null) {
      problems.push(`call ${calls}: a part the store itself listed was refused`);
      continue;
    }
    if (answer.uuids.length > 0 && answer.parts.length > 0)
      problems.push(`call ${calls}: both uuids and parts`);
    if (answer.uuids.length > limits.partSize)
      problems.push(`call ${calls}: ${answer.uuids.length} uuids, partSize ${limits.partSize}`);
    if (answer.parts.length > limits.maxParts)
      problems.push(`call ${calls}: ${answer.parts.length} parts, maxParts ${limits.maxParts}`);
    uuids.push(...answer.uuids);
    queue.push(...answer.parts);
  }
  return { uuids, calls, problems };
}

/** Uuids listed more than once. */
export function repeated(uuids: string[]): string[] {
  const seen = new Set<string>();
  return uuids.filter((u) => (seen.has(u) ? true : (seen.add(u), false)));
}
