// An ordered list of distinct integer keys (0 .. capacity - 1) for a sweep line: insertion in
// O(log n) expected time by a caller's ordering; removal and neighbours by key, never comparing
// keys (a sweep's order is only meaningful at the moment a key goes in). Links live in typed
// arrays, so a 100,000-segment sweep allocates a few arrays rather than 100,000 objects.
// Levels are drawn from Math.random, so no input can be built to make the lists degenerate.
const MAX_LEVEL = 24;
const NONE = -1;

export class SkipList {
  private readonly head: number;
  private readonly height: Uint8Array;
  /** Where each key's links start in next/prev (one slot per level). */
  private readonly base: Int32Array;
  private next: Int32Array;
  private prev: Int32Array;
  private used = MAX_LEVEL;
  private level = 1;
  private readonly update = new Int32Array(MAX_LEVEL);

  constructor(capacity: number) {
    this.head = capacity;
    this.height = new Uint8Array(capacity + 1);
    this.base = new Int32Array(capacity + 1);
    this.height[this.head] = MAX_LEVEL;
    // Expected links per key are 4/3 (p = 1/4); grow() covers an unlucky draw.
    this.next = new Int32Array(MAX_LEVEL + 2 * capacity).fill(NONE);
    this.prev = new Int32Array(MAX_LEVEL + 2 * capacity).fill(NONE);
  }

  /**
   * Inserts `key` after every key that `before(other)` says comes before it. `before` must be
   * consistent with the list's current order.
   */
  insert(key: number, before: (other: number) => boolean): void {
    const { next, base, update } = this;
    let x = this.head;
    for (let l = this.level - 1; l >= 0; l--) {
      for (let m = next[base[x]! + l]!; m !== NONE && before(m); m = next[base[x]! + l]!) x = m;
      update[l] = x;
    }
    let h = 1;
    while (h < MAX_LEVEL && Math.random() < 0.25) h++;
    for (; this.level < h; this.level++) update[this.level] = this.head;
    if (this.used + h > this.next.length) this.grow();
    const at = (this.base[key] = this.used);
    this.height[key] = h;
    this.used += h;
    for (let l = 0; l < h; l++) {
      const p = update[l]!;
      const m = this.next[this.base[p]! + l]!;
      this.next[at + l] = m;
      this.prev[at + l] = p;
      if (m !== NONE) this.prev[this.base[m]! + l] = key;
      this.next[this.base[p]! + l] = key;
    }
  }

  remove(key: number): void {
    const at = this.base[key]!;
    for (let l = 0; l < this.height[key]!; l++) {
      const p = this.prev[at + l]!;
      const m = this.next[at + l]!;
      this.next[this.base[p]! + l] = m;
      if (m !== NONE) this.prev[this.base[m]! + l] = p;
    }
  }

  /** The key just before `key` in order, or -1. */
  below(key: number): number {
    const p = this.prev[this.base[key]!]!;
    return p === this.head ? NONE : p;
  }

  /** The key just after `key` in order, or -1. */
  above(key: number): number {
    return this.next[this.base[key]!]!;
  }

  private grow(): void {
    const next = new Int32Array(this.next.length * 2).fill(NONE);
    const prev = new Int32Array(this.prev.length * 2).fill(NONE);
    next.set(this.next);
    prev.set(this.prev);
    this.next = next;
    this.prev = prev;
  }
}
