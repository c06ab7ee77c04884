import { describe, expect, it } from 'vitest';
import { frame, waitsForBody } from './wire-framing';

describe('waitsForBody', () => {
  it('is true for one Content-Length past what was sent, a junk line or the framing', () => {
    expect(waitsForBody(['Host: x', 'X-Junk: 1', 'Content-Length: 50'], '{"a":1}')).toBe(true);
    expect(waitsForBody(['content-length:  8 '], '{"a":1}')).toBe(true);
    const long = frame('long', '{"a":1}');
    expect(waitsForBody(long.headers, long.payload)).toBe(long.incomplete);
  });

  it('counts the bytes sent, not the characters', () => {
    expect(waitsForBody(['Content-Length: 3'], 'ü')).toBe(true);
    expect(waitsForBody(['Content-Length: 2'], 'ü')).toBe(false);
  });

  it('is false where Node refuses at once or has all it needs', () => {
    for (const lines of [
      ['Content-Length: 7'],
      ['Content-Length: 3'],
      ['Content-Length: 50', 'Transfer-Encoding: x'],
      ['Content-Length: 50', 'Content-Length: 50'],
      ['Content-Length: -1'],
      ['Content-Length: 0x10'],
      ['Content-Length: 1e3'],
      ['X-Junk: Content-Length: 50'],
      [],
    ]) {
      expect(waitsForBody(lines, '{"a":1}'), JSON.stringify(lines)).toBe(false);
    }
  });

  it('reads a header line that holds several', () => {
    expect(waitsForBody(['X-A: 1\r\nContent-Length: 99'], '')).toBe(true);
  });
});
