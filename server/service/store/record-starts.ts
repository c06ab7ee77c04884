// Where each location's rows begin in a table grouped by location (fixed coverage's records):
// start(i) = base[i >> shift] + delta[i]. A plain Uint32Array of starts is four bytes a
// location and coverage vintage (19 MB at a million locations and five vintages); this is one
// or two, and as quick to read.

/** Rows of location i are start(i) .. start(i + 1) - 1 (startAt below). */
export interface RecordStarts {
  /** log2 of the locations a block of `base` covers. */
  shift: number;
  /** The start of each block's first location. */
  base: Uint32Array;
  /** Each start less its block's base: length locations + 1. */
  delta: Uint8Array | Uint16Array;
}

/** Whether every block of 2^shift starts spans at most `max` rows. */
function fits(start: ArrayLike<number>, shift: number, max: number): boolean {
  const n = start.length;
  for (let b = 0; b < n; b += 1 << shift) {
    const last = Math.min(n, b + (1 << shift)) - 1;
    if (start[last]! - start[b]! > max) return false;
  }
  return true;
}

/**
 * Packs ascending starts (length locations + 1, the last the row count) in the fewest bytes:
 * one-byte deltas over blocks of up to 128 locations, or two-byte ones over up to 256, each
 * with the widest blocks whose rows fit (a location with few rows, as in BDC data, gives
 * one-byte deltas over blocks of 16 to 32). Single locations (shift 0) always fit.
 */
export function packStarts(start: ArrayLike<number>): RecordStarts {
  const n = start.length;
  let best = { shift: 0, bytes: 5 * n, wide: false };
  for (const [width, widest] of [
    [1, 7],
    [2, 8],
  ] as const) {
    for (let shift = widest; shift > 0; shift--) {
      if (!fits(start, shift, width === 1 ? 0xff : 0xffff)) continue;
      const bytes = width * n + 4 * ((n >> shift) + 1);
      if (bytes < best.bytes) best = { shift, bytes, wide: width === 2 };
      break;
    }
  }
  const { shift } = best;
  const base = new Uint32Array(((n - 1) >> shift) + 1);
  const delta = best.wide ? new Uint16Array(n) : new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if ((i & ((1 << shift) - 1)) === 0) base[i >> shift] = start[i]!;
    delta[i] = start[i]! - base[i >> shift]!;
  }
  return { shift, base, delta };
}

/** The first row of location i (startAt(s, i + 1) is one past its last). */
export function startAt(s: RecordStarts, i: number): number {
  return s.base[i >> s.shift]! + s.delta[i]!;
}

/** How many locations the starts cover. */
export function startsCount(s: RecordStarts): number {
  return s.delta.length - 1;
}

/** The starts as a plain array (length locations + 1). */
export function unpackStarts(s: RecordStarts): Uint32Array {
  const out = new Uint32Array(s.delta.length);
  for (let i = 0; i < out.length; i++) out[i] = startAt(s, i);
  return out;
}
