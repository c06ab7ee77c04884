// Compressed sparse rows: "which locations belong to parcel p" without an array per parcel.
// On SharedArrayBuffer, so a worker thread reads the same rows (see memory/fabric-index.ts); the
// PostGIS store's locate index (postgis/locate-index.ts) builds its lists the same way.

export interface Csr {
  start: Uint32Array; // length groups + 1
  items: Uint32Array;
}

/** Groups item indexes by `groupOf[i]` (negative = no group) into `groups` buckets, items ascending. */
export function buildCsr(groupOf: ArrayLike<number>, groups: number): Csr {
  const start = new Uint32Array(new SharedArrayBuffer(4 * (groups + 1)));
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i];
    if (g >= 0 && g < groups) start[g + 1]++;
  }
  for (let g = 0; g < groups; g++) start[g + 1] += start[g];
  const fill = start.slice(0, groups);
  const items = new Uint32Array(new SharedArrayBuffer(4 * start[groups]));
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i];
    if (g >= 0 && g < groups) items[fill[g]++] = i;
  }
  return { start, items };
}
