// A small LRU with a time limit, for upstream coverage answers: they change only when a new
// vintage is published, but "newest vintage" requests (no vintage given) can move, so entries
// also expire.
export class LruCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.#entries.set(key, entry); // re-insert: Map order is recency order
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
