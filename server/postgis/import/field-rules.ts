// The rules a published file's fields must meet (DOMAIN.md), each failing with a reason a
// person can act on: the value, the field, and what it should be. Identifiers that lost their
// leading zeros (a spreadsheet's doing) say so.
import { getResolution, isValidCell, latLngToCell } from 'h3-js';

export class RowRejected extends Error {}

function reject(message: string): never {
  throw new RowRejected(message);
}

/** Digits only, exactly `n` of them; a shorter run of digits is named as lost zeros. */
export function digits(value: string, field: string, n: number): string {
  if (value.length === n && /^\d+$/.test(value)) return value;
  if (/^\d+$/.test(value) && value.length < n) {
    reject(`${field} "${value}" has ${value.length} digits, not ${n} (leading zeros lost?)`);
  }
  reject(`${field} "${value}" is not ${n} digits`);
}

/** A 10-digit location_id from 1,000,000,000 up. */
export function locationId(value: string, field = 'location_id'): string {
  if (/^[1-9]\d{9}$/.test(value)) return value;
  reject(`${field} "${value}" is not a location_id (10 digits, from 1000000000 up)`);
}

export function wholeNumber(value: string, field: string): string {
  if (/^\d{1,9}$/.test(value)) return value;
  reject(`${field} "${value}" is not a whole number`);
}

export function nonNegative(value: string, field: string): string {
  if (/^\d+(\.\d+)?$/.test(value)) return value;
  reject(`${field} "${value}" is not a number of at least 0`);
}

export function oneOf(value: string, field: string, allowed: readonly string[]): string {
  if (allowed.includes(value)) return value;
  reject(`${field} "${value}" is not one of ${allowed.join(', ')}`);
}

/** 0/1 flags; the fabric also writes them True/False. */
export function flag(value: string, field: string): string {
  if (value === '0' || value === '1') return value;
  if (/^(true|t)$/i.test(value)) return '1';
  if (/^(false|f)$/i.test(value)) return '0';
  reject(`${field} "${value}" is not 0 or 1`);
}

export function text(value: string, field: string): string {
  if (value.trim() !== '') return value;
  reject(`${field} is empty`);
}

export function stateCode(value: string, field: string): string {
  if (/^[A-Z]{2}$/.test(value)) return value;
  reject(`${field} "${value}" is not a two-letter state code`);
}

export function coordinate(value: string, field: 'latitude' | 'longitude'): number {
  const limit = field === 'latitude' ? 90 : 180;
  const n = /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) reject(`${field} "${value}" is not a number`);
  if (Math.abs(n) > limit) reject(`${field} ${value} is out of range -${limit}..${limit}`);
  return n;
}

export function h3Cell(value: string, field: string, resolution: number): string {
  if (isValidCell(value) && getResolution(value) === resolution) return value;
  reject(`${field} "${value}" is not an H3 cell of resolution ${resolution}`);
}

/** The cell must be the one the coordinates fall in: swapped or shifted coordinates show here. */
export function cellOfPoint(cell: string, lat: number, lng: number): void {
  const actual = latLngToCell(lat, lng, 9);
  if (actual !== cell) {
    reject(`h3_9 ${cell} is not the cell of latitude ${lat}, longitude ${lng} (${actual})`);
  }
}
