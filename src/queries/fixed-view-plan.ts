// Which locations of a view still need loading, in which chunks. A chunk's answer is cached
// under the hash of its uuids, so the same view again costs nothing; a view that overlaps
// earlier ones reuses their locations (found in the cache by uuid) and loads only the rest,
// in chunks of at most maxrequest uuids. Zooming in loads nothing new.
import type { QueryClient } from '@tanstack/react-query';
import { hashString } from '../lib/hash';
import type { ViewLocation } from '../pipelines/fixed-view-assemble';
import type { ViewVintages } from '../pipelines/fixed-view-chunk';
import { fixedViewKeys } from './keys';

/** What one chunk query holds: the uuids asked, and the points of those the vintage holds. */
export interface ViewChunk {
  asked: readonly string[];
  locations: readonly ViewLocation[];
}

export interface ChunkPlan {
  /** Points of the view already held by cached chunks. */
  known: readonly ViewLocation[];
  /** Of the view's uuids, how many cached chunks asked already. */
  knownCount: number;
  /** The rest, cut into chunks, with their query keys' hashes. */
  chunks: readonly { uuids: readonly string[]; hash: string }[];
}

export function planChunks(
  client: QueryClient,
  v: ViewVintages,
  uuids: readonly string[],
  size: number,
): ChunkPlan {
  const asked = new Set<string>();
  const points = new Map<string, ViewLocation>();
  const cached = client.getQueriesData<ViewChunk>({
    queryKey: fixedViewKeys.chunks(v.fabric, v.coverage, v.release),
  });
  for (const [, chunk] of cached) {
    if (!chunk) continue;
    for (const uuid of chunk.asked) asked.add(uuid);
    for (const location of chunk.locations) points.set(location.uuid, location);
  }
  const known: ViewLocation[] = [];
  const missing: string[] = [];
  let knownCount = 0;
  for (const uuid of uuids) {
    if (!asked.has(uuid)) {
      missing.push(uuid);
      continue;
    }
    knownCount += 1;
    const point = points.get(uuid);
    if (point) known.push(point);
  }
  const chunks = [];
  for (let i = 0; i < missing.length; i += size) {
    const part = missing.slice(i, i + size);
    chunks.push({ uuids: part, hash: `${part.length}:${hashString(part.join(','))}` });
  }
  return { known, knownCount, chunks };
}
