import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { h3CellProblem } from './h3-cell';

const [LAT, LNG] = [39.8, -89.65];

describe('h3CellProblem', () => {
  it('accepts the cell that holds the point, at any resolution and in either case', () => {
    for (const res of [0, 4, 9, 15])
      expect(h3CellProblem(latLngToCell(LAT, LNG, res), LAT, LNG)).toBeNull();
    expect(h3CellProblem(latLngToCell(LAT, LNG, 4).toUpperCase(), LAT, LNG)).toBeNull();
  });
  it('names the holding cell when another one is given', () => {
    const elsewhere = latLngToCell(LNG, LAT, 4); // latitude and longitude swapped
    const problem = h3CellProblem(elsewhere, LAT, LNG);
    expect(problem).toContain('resolution-4');
    expect(problem).toContain(latLngToCell(LAT, LNG, 4));
  });
  it('leaves coordinates out of range to their own checks', () => {
    const cell = latLngToCell(LAT, LNG, 4);
    expect(h3CellProblem(cell, 95, LNG)).toBeNull();
    expect(h3CellProblem(cell, LAT, -181)).toBeNull();
    expect(h3CellProblem(cell, Number.NaN, LNG)).toBeNull();
  });
  it('refuses an id that is no H3 cell', () => {
    expect(h3CellProblem('8f2830828052d2f', LAT, LNG)).toBe('must be a valid H3 cell id');
    expect(h3CellProblem('ffffffffffffffff', LAT, LNG)).toBe('must be a valid H3 cell id');
  });
});
