// A small LRU with a time limit, for upstream coverage answers: they change only when a new
// vintage is published, but "newest vintage" requests (no vintage given) can move, so entries
// also expire. Bounded by entry count and by bytes: a count alone lets a few huge answers take
// gigabytes.
export interface LruLimits {
  maxEntries: number;
  /** Total of sizeOf over the entries (keys included), never exceeded. */
  maxBytes: number;
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expires: number;
}

export class LruCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #bytes = 0;

  constructor(
    readonly limits: LruLimits,
    /** Bytes an entry holds, without its key. */
    readonly sizeOf: (value: V) => number,
    readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#remove(key, entry);
    if (entry.expires <= this.now()) return undefined;
    this.#insert(key, entry); // re-insert: Map order is recency order
    return entry.value;
  }

  /** Stores the value unless it alone is larger than the byte bound; evicts the oldest. */
  set(key: string, value: V): boolean {
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    // Keys are JS strings: two bytes a character is what they really cost.
    const bytes = this.sizeOf(value) + key.length * 2;
    if (bytes > this.limits.maxBytes || this.limits.maxEntries < 1) return false;
    this.#insert(key, { value, bytes, expires: this.now() + this.limits.ttlMs });
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes)
        break;
      this.#remove(oldestKey, oldest);
    }
    return true;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #insert(key: string, entry: Entry<V>): void {
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
  }

  #remove(key: string, entry: Entry<V>): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
