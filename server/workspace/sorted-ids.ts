// Location_ids held as ascending Float64Arrays (8 bytes each, 10-digit ids being above 2^31)
// rather than as Sets or Maps of numbers: what the sync keeps of millions of locations.

/** The index of `id` in ids (ascending), or -1 when it is not there. */
export function indexIn(ids: Float64Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = ids[mid]!;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The arrays one after the other, in one. */
export function joinedIds(parts: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The ids ascending, once each (sorted in place; the result is a copy). */
export function uniqueIds(ids: Float64Array): Float64Array {
  const sorted = ids.sort();
  let unique = 0;
  for (let k = 0; k < sorted.length; k++)
    if (k === 0 || sorted[k] !== sorted[k - 1]) sorted[unique++] = sorted[k]!;
  return sorted.slice(0, unique);
}
