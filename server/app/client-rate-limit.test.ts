// The per-client budget: a sliding minute (no double burst at a window edge), an exact wait,
// and a client table that cannot grow without bound.
import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './client-rate-limit';
import {
  DEFAULT_APP_RATE_LIMIT,
  DEFAULT_EMBEDDED_RATE_LIMIT,
  embeddedClientRateLimit,
  upstreamLimitsFromEnv,
} from './upstream-env';

function clock(start = 0) {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('SlidingWindowLimiter', () => {
  it('admits the budget within a minute and refuses the next one', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(10, c.now);
    for (let i = 0; i < 10; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
  });

  it('does not admit a second budget right after a window edge', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(60, c.now);
    c.t = 59_900;
    for (let i = 0; i < 60; i++) expect(limiter.take('a')).toBe(0);
    c.t = 60_100;
    let admitted = 0;
    for (let i = 0; i < 60; i++) if (limiter.take('a') === 0) admitted += 1;
    expect(admitted).toBeLessThanOrEqual(1);
  });

  it('says how long to wait, and admits again once that has passed', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(30, c.now);
    for (let i = 0; i < 30; i++) limiter.take('a');
    c.t = 10_000;
    const wait = limiter.take('a');
    // The 30 were made in the first 10 s; they leave the count 70 s after it began.
    expect(wait).toBe(60);
    c.t += (wait - 1) * 1000;
    expect(limiter.take('a')).toBe(1);
    c.t += 1000;
    expect(limiter.take('a')).toBe(0);
  });

  it('never admits more than the budget in any 60 s, whenever the requests fall', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(12, c.now);
    // Bursts at irregular times (a fixed linear congruential sequence): gaps of 0-20 s.
    let seed = 12345;
    const admitted: number[] = [];
    while (c.t < 1_800_000) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      c.t += seed % 20_000;
      for (let burst = seed % 5; burst >= 0; burst--)
        if (limiter.take('a') === 0) admitted.push(c.t);
    }
    for (let i = 12; i < admitted.length; i++)
      expect(admitted[i]! - admitted[i - 12]!).toBeGreaterThanOrEqual(60_000);
    // ... while still admitting most of what the budget allows.
    expect(admitted.length).toBeGreaterThan(200);
  });

  it('keeps at most 10,000 clients', () => {
    const limiter = new SlidingWindowLimiter(5, clock().now);
    for (let i = 0; i < 20_000; i++) limiter.take(`client-${i}`);
    expect(limiter.clients).toBeLessThanOrEqual(10_000);
  });
});

describe('upstreamLimitsFromEnv', () => {
  it('defaults to 32 MiB answers and 600 requests a minute per client', () => {
    expect(upstreamLimitsFromEnv({})).toEqual({
      maxBytes: 32 * 1024 * 1024,
      clientRateLimit: DEFAULT_APP_RATE_LIMIT,
    });
    expect(DEFAULT_APP_RATE_LIMIT).toBe(600);
  });

  it('reads both variables, and "off" turns the client limit off', () => {
    expect(upstreamLimitsFromEnv({ UPSTREAM_MAX_BYTES: '2048', APP_RATE_LIMIT: '90' })).toEqual({
      maxBytes: 2048,
      clientRateLimit: 90,
    });
    expect(upstreamLimitsFromEnv({ APP_RATE_LIMIT: 'off' }).clientRateLimit).toBeNull();
  });

  it.each([
    [{ UPSTREAM_MAX_BYTES: '32MB' }, 'UPSTREAM_MAX_BYTES must be a number of bytes'],
    [{ UPSTREAM_MAX_BYTES: '100' }, 'UPSTREAM_MAX_BYTES must be at least 1024'],
    [{ APP_RATE_LIMIT: '-5' }, 'APP_RATE_LIMIT must be positive, or off'],
    [{ APP_RATE_LIMIT: 'lots' }, 'APP_RATE_LIMIT must be requests per minute, or off'],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => upstreamLimitsFromEnv(env)).toThrow(message);
  });
});

describe('embeddedClientRateLimit', () => {
  it('limits the embedded demo too, ten times the upstream budget for its map tiles', () => {
    expect(embeddedClientRateLimit({})).toBe(DEFAULT_EMBEDDED_RATE_LIMIT);
    expect(DEFAULT_EMBEDDED_RATE_LIMIT).toBe(6000);
    expect(embeddedClientRateLimit({ APP_RATE_LIMIT: '90' })).toBe(90);
    expect(embeddedClientRateLimit({ APP_RATE_LIMIT: 'off' })).toBeNull();
  });
});
