// The coverage cache holds at most its byte and entry bounds, oldest out first.
import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

const sized = (limits: { maxEntries?: number; maxBytes?: number; ttlMs?: number }, now = () => 0) =>
  new LruCache<string>(
    { maxEntries: 100, maxBytes: 1_000_000, ttlMs: 60_000, ...limits },
    (v) => v.length,
    now,
  );

describe('LruCache', () => {
  it('evicts the least recently used entries once the bytes pass the bound', () => {
    // Each entry: 100 bytes of value + 2 bytes per key character (key "k1" = 4).
    const cache = sized({ maxBytes: 350 });
    cache.set('k1', 'a'.repeat(100));
    cache.set('k2', 'b'.repeat(100));
    cache.set('k3', 'c'.repeat(100));
    expect(cache.bytes).toBe(312);
    cache.get('k1'); // k1 is now the most recent
    cache.set('k4', 'd'.repeat(100));
    expect(cache.get('k2')).toBeUndefined();
    expect([cache.get('k1'), cache.get('k3'), cache.get('k4')].map((v) => v?.[0])).toEqual([
      'a',
      'c',
      'd',
    ]);
    expect(cache.bytes).toBeLessThanOrEqual(350);
  });

  it('never stores a value larger than the whole bound, and keeps what it held', () => {
    const cache = sized({ maxBytes: 350 });
    cache.set('small', 'x'.repeat(10));
    expect(cache.set('big', 'y'.repeat(400))).toBe(false);
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('small')).toBe('x'.repeat(10));
  });

  it('keeps the entry count bound too', () => {
    const cache = sized({ maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) cache.set(k, k);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets entries past their time, and their bytes with them', () => {
    let t = 0;
    const cache = sized({ ttlMs: 1000 }, () => t);
    cache.set('k', 'v'.repeat(50));
    t = 999;
    expect(cache.get('k')).toBeDefined();
    t = 2000;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('counts a replaced value once', () => {
    const cache = sized({});
    cache.set('k', 'a'.repeat(100));
    cache.set('k', 'b'.repeat(10));
    expect(cache.bytes).toBe(12);
  });
});
