import { describe, expect, it } from 'vitest';
import { ByteLru } from './lru';

/** A tile as pbf's finish() answers it: the first `length` bytes of a larger buffer. */
function viewOfLarger(length: number, capacity: number, fill: number): Uint8Array {
  const buffer = new Uint8Array(capacity);
  buffer.fill(fill, 0, length);
  return buffer.subarray(0, length);
}

describe('ByteLru', () => {
  it('holds no more memory than its byte bound when values view larger buffers', () => {
    const cache = new ByteLru(100, 10_000);
    for (let k = 0; k < 20; k++) {
      const kept = cache.set(`t${k}`, viewOfLarger(1_000, 64 * 1024, k));
      expect(cache.get(`t${k}`)).toBe(kept);
    }
    let held = 0;
    for (let k = 0; k < 20; k++) {
      const v = cache.get(`t${k}`);
      if (!v) continue;
      held += v.buffer.byteLength;
      expect(v).toEqual(new Uint8Array(1_000).fill(k));
    }
    expect(cache.byteSize).toBe(10_000);
    expect(held).toBeLessThanOrEqual(10_000);
  });

  it('evicts the least recently used first, by entries and by bytes', () => {
    const cache = new ByteLru(3, 250);
    cache.set('a', new Uint8Array(100));
    cache.set('b', new Uint8Array(100));
    cache.get('a');
    cache.set('c', new Uint8Array(40));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((v) => v?.length)).toEqual([
      100, 100, 40,
    ]);
    cache.set('d', new Uint8Array(40)); // 4 entries, 280 bytes: 'a' goes (least recent now)
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(3);
    expect(cache.byteSize).toBe(180);
  });
});
