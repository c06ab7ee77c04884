// A small LRU over Map's insertion order, bounded by entry count and by total byte size.
// The bytes counted are the bytes held: a value that views part of a larger buffer (pbf's
// finish() answers a view of a buffer grown by doubling, up to twice the tile) is kept as a
// copy of just its bytes, or the cache would hold up to twice its bound. set() answers what it
// keeps, which the callers hand on, so a tile is the same bytes whether built or found.

export class ByteLru {
  private readonly map = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    /** The most bytes it holds. */
    readonly maxBytes: number,
  ) {}

  get(key: string): Uint8Array | undefined {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  /** Keeps the value and answers what is kept (the value, or its bytes copied out). */
  set(key: string, view: Uint8Array): Uint8Array {
    const value = view.byteLength === view.buffer.byteLength ? view : view.slice();
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.byteLength;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += value.byteLength;
    for (const [k, v] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.byteLength;
    }
    return value;
  }

  get size(): number {
    return this.map.size;
  }

  get byteSize(): number {
    return this.bytes;
  }
}
