// Where each location's rows begin in a table grouped by location (fixed coverage's records):
// start(i) = base[i >> shift] + delta[i]. A plain Uint32Array of starts is four bytes a
// location and coverage vintage (19 MB at a million locations and five vintages); this is two,
// and as quick to read.

/** Rows of location i are start(i) .. start(i + 1) - 1 (startAt below). */
export interface RecordStarts {
  /** log2 of the locations a block of `base` covers (8 unless a block's rows overflow delta). */
  shift: number;
  /** The start of each block's first location. */
  base: Uint32Array;
  /** Each start less its block's base: length locations + 1. */
  delta: Uint16Array;
}

const WIDEST_BLOCK = 8;

/** Packs ascending starts (length locations + 1, the last the row count). */
export function packStarts(start: ArrayLike<number>): RecordStarts {
  const n = start.length;
  // The widest blocks whose rows fit 16 bits: 256 locations unless some hold over 65,535
  // rows between them; single locations (shift 0) always fit, delta then being 0.
  let shift = WIDEST_BLOCK;
  for (; shift > 0; shift--) {
    let fits = true;
    for (let b = 0; b < n && fits; b += 1 << shift) {
      const last = Math.min(n, b + (1 << shift)) - 1;
      fits = start[last]! - start[b]! <= 0xffff;
    }
    if (fits) break;
  }
  const base = new Uint32Array(((n - 1) >> shift) + 1);
  const delta = new Uint16Array(n);
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
