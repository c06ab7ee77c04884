import { describe, expect, it } from 'vitest';
import {
  FIXED_TECHNOLOGIES,
  fixedTechnology,
  fixedTechnologyName,
  mobileTechnologyName,
  normaliseMobileTechnology,
} from './technology';

describe('fixed technology names', () => {
  it('names every code docs/DOMAIN.md lists', () => {
    expect(FIXED_TECHNOLOGIES.map((t) => t.code)).toEqual([0, 10, 40, 50, 60, 61, 70, 71, 72]);
    expect(fixedTechnologyName(50)).toBe('Fiber to the premises');
    expect(fixedTechnologyName(10)).toBe('Copper (DSL)');
    expect(fixedTechnologyName(72)).toBe('Licensed-by-rule fixed wireless (CBRS)');
  });

  it('groups satellite and fixed wireless apart from wired', () => {
    expect(fixedTechnology(60)?.group).toBe('satellite');
    expect(fixedTechnology(61)?.group).toBe('satellite');
    expect(fixedTechnology(70)?.group).toBe('fixed wireless');
    expect(fixedTechnology(40)?.group).toBe('wired');
  });

  it('keeps an unlisted code readable', () => {
    expect(fixedTechnology(99)).toBeUndefined();
    expect(fixedTechnologyName(99)).toBe('Unknown technology (99)');
  });
});

describe('mobile technology', () => {
  it('accepts both the 3/4/5 and the 300/400/500 coding', () => {
    expect(normaliseMobileTechnology(3)).toBe(3);
    expect(normaliseMobileTechnology(4)).toBe(4);
    expect(normaliseMobileTechnology(5)).toBe(5);
    expect(normaliseMobileTechnology(300)).toBe(3);
    expect(normaliseMobileTechnology(400)).toBe(4);
    expect(normaliseMobileTechnology(500)).toBe(5);
  });

  it('refuses codes that are no mobile generation', () => {
    for (const code of [0, 2, 6, 30, 350, 600, 40, -3]) {
      expect(normaliseMobileTechnology(code)).toBeNull();
    }
  });

  it('names each generation', () => {
    expect(mobileTechnologyName(3)).toBe('3G');
    expect(mobileTechnologyName(4)).toBe('4G LTE');
    expect(mobileTechnologyName(5)).toBe('5G-NR');
  });
});
