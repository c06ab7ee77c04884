// At most `limit` events per key in any window of `windowMs`, exactly: each key keeps the
// times of its last `limit` events in a ring, so the next one is allowed once the oldest of
// them is a window old. No burst at a window's edge (a fixed window admits twice its budget
// across one), and the wait it reports is exact. Past `maxKeys` keys, idle ones are dropped,
// then the oldest, so the map stays bounded whoever calls.
interface Ring {
  times: Float64Array;
  /** Where the next time goes; once the ring is full, also where the oldest is. */
  next: number;
  size: number;
}

export class SlidingWindow {
  readonly #keys = new Map<string, Ring>();

  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
    readonly now: () => number = Date.now,
    readonly maxKeys = 10_000,
  ) {}

  /** Milliseconds until `key` may have one more event; 0 when it may now. */
  wait(key: string, t = this.now()): number {
    const ring = this.#keys.get(key);
    if (!ring || ring.size < this.limit) return 0;
    return Math.max(0, ring.times[ring.next]! + this.windowMs - t);
  }

  record(key: string, t = this.now()): void {
    let ring = this.#keys.get(key);
    if (!ring) {
      this.#makeRoom(t);
      ring = { times: new Float64Array(this.limit), next: 0, size: 0 };
      this.#keys.set(key, ring);
    }
    ring.times[ring.next] = t;
    ring.next = (ring.next + 1) % this.limit;
    ring.size = Math.min(this.limit, ring.size + 1);
  }

  /** Records an event unless `key` is at its limit: 0 when recorded, else the wait in ms. */
  take(key: string): number {
    const t = this.now();
    const wait = this.wait(key, t);
    if (wait === 0) this.record(key, t);
    return wait;
  }

  get keys(): number {
    return this.#keys.size;
  }

  #makeRoom(t: number): void {
    if (this.#keys.size < this.maxKeys) return;
    for (const [key, ring] of this.#keys) {
      const newest = ring.times[(ring.next + this.limit - 1) % this.limit]!;
      if (t - newest >= this.windowMs) this.#keys.delete(key);
    }
    // Still full of active keys: drop the oldest tenth in one pass rather than one per call.
    const excess = this.#keys.size - this.maxKeys + Math.ceil(this.maxKeys / 10);
    let dropped = 0;
    for (const key of this.#keys.keys()) {
      if (dropped++ >= excess) break;
      this.#keys.delete(key);
    }
  }
}

/** Whole seconds for a Retry-After header: rounded up, at least 1. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
