// Location lifecycles across the five releases: births (set by the layout stages), 1–3%
// retiring at each release, some retired ones replaced by a new location_id (their
// equivalent), a few dropped from one release and back in the next. Then location_ids: new
// locations get higher ids, in no spatial order, with gaps, as real fabric ids look.
import type { LocationColumns } from './fabric-builder';
import type { Rng } from './prng';
import { VINTAGE_COUNT } from './vintages';

const NEVER = 255;
export const FIRST_LOCATION_ID = 1_000_000_000;

export interface Lifecycle {
  /** Original (builder) index of the k-th location in location_id order. */
  order: Uint32Array;
  locationId: Float64Array; // in id order
  presence: Uint8Array; // in id order
  reLocationId: Float64Array; // in id order
}

/**
 * Retires and replaces locations; appends the replacements to `locs`. Ids start a little above
 * `firstId`, so counties given consecutive ranges never share one.
 */
export function runLifecycle(
  locs: LocationColumns,
  rng: Rng,
  firstId = FIRST_LOCATION_ID,
): Lifecycle {
  const born = locs.count;
  const retireAt = new Uint8Array(born).fill(NEVER);
  const pairs: number[] = []; // (retired, replacement) builder indexes
  for (let v = 1; v < VINTAGE_COUNT; v++) {
    const rate = rng.range(0.01, 0.03);
    for (let i = 0; i < born; i++) {
      if (locs.birth.get(i) >= v || retireAt[i] !== NEVER || !rng.chance(rate)) continue;
      retireAt[i] = v;
      // About a third are re-surveyed as a new location: same building, new id.
      if (rng.chance(0.35)) {
        const copy = locs.read(i);
        const r = locs.add({ ...copy, birth: v, addressConfidence: 1 });
        pairs.push(i, r);
      }
    }
  }
  const n = locs.count;
  const presence = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const end = i < born ? retireAt[i] : NEVER;
    for (let v = locs.birth.get(i); v < Math.min(end, VINTAGE_COUNT); v++) presence[i] |= 1 << v;
    // Dropped from one middle release (a data fix gone wrong), back in the next.
    if (presence[i] !== 0 && rng.chance(0.004)) {
      const gap = 1 + rng.int(VINTAGE_COUNT - 2);
      const before = 1 << (gap - 1);
      const after = 1 << (gap + 1);
      if (presence[i] & before && presence[i] & after) presence[i] &= ~(1 << gap);
    }
  }

  // Ids by birth release (counting sort), shuffled within a release.
  const order = new Uint32Array(n);
  const bucketStart = new Uint32Array(VINTAGE_COUNT + 1);
  for (let i = 0; i < n; i++) bucketStart[locs.birth.get(i) + 1]++;
  for (let v = 0; v < VINTAGE_COUNT; v++) bucketStart[v + 1] += bucketStart[v];
  const fill = bucketStart.slice(0, VINTAGE_COUNT);
  for (let i = 0; i < n; i++) order[fill[locs.birth.get(i)]++] = i;
  for (let v = 0; v < VINTAGE_COUNT; v++) {
    for (let k = bucketStart[v + 1] - 1; k > bucketStart[v]; k--) {
      const j = bucketStart[v] + rng.int(k - bucketStart[v] + 1);
      const t = order[k];
      order[k] = order[j];
      order[j] = t;
    }
  }
  const idOf = new Float64Array(n);
  const locationId = new Float64Array(n);
  let id = firstId + rng.int(5000);
  for (let k = 0; k < n; k++) {
    id += 1 + rng.int(8);
    locationId[k] = id;
    idOf[order[k]] = id;
  }
  const sortedPresence = new Uint8Array(n);
  for (let k = 0; k < n; k++) sortedPresence[k] = presence[order[k]];
  const reByOriginal = new Float64Array(n);
  for (let p = 0; p < pairs.length; p += 2) reByOriginal[pairs[p]] = idOf[pairs[p + 1]];
  const reLocationId = new Float64Array(n);
  for (let k = 0; k < n; k++) reLocationId[k] = reByOriginal[order[k]];
  return { order, locationId, presence: sortedPresence, reLocationId };
}
