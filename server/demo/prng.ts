// Seeded randomness, the project's one PRNG: the demo generator, the test fabrics and the bench
// workloads all draw from here, so one seed always yields the same fabric or the same requests
// (no Math.random, no clock).

/** splitmix32: spreads a 32-bit seed so nearby seeds give unrelated streams. */
function splitmix32(state: number): number {
  let z = (state + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** FNV-1a of a label, mixed with a seed: independent sub-streams per generator stage. */
export function deriveSeed(seed: number, label: string): number {
  let h = 0x811c9dc5 ^ splitmix32(seed >>> 0);
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return splitmix32(h >>> 0);
}

/** A stateless hash of integers to [0, 1): spatial noise and per-feature decisions. */
export function hashUnit(seed: number, a: number, b = 0, c = 0): number {
  let h = splitmix32(seed ^ Math.imul(a | 0, 0x27d4eb2d));
  h = splitmix32(h ^ Math.imul(b | 0, 0x165667b1));
  h = splitmix32(h ^ Math.imul(c | 0, 0x61c88647));
  return h / 4294967296;
}

/** Smooth value noise in [0, 1) over a grid of `cell` units; used for clustered rollouts. */
export function valueNoise(seed: number, x: number, y: number, cell: number): number {
  const gx = x / cell;
  const gy = y / cell;
  const ix = Math.floor(gx);
  const iy = Math.floor(gy);
  const fx = gx - ix;
  const fy = gy - iy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hashUnit(seed, ix, iy);
  const b = hashUnit(seed, ix + 1, iy);
  const c = hashUnit(seed, ix, iy + 1);
  const d = hashUnit(seed, ix + 1, iy + 1);
  return (a + (b - a) * sx) * (1 - sy) + (c + (d - c) * sx) * sy;
}

/** sfc32: small, fast, well-distributed 32-bit generator. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = splitmix32(seed);
    this.b = splitmix32(this.a);
    this.c = splitmix32(this.b);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Index chosen with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }
}
