import { describe, expect, it } from 'vitest';
import { otherIdKind, parsePastedId } from './pasted-id';

describe('parsePastedId', () => {
  it('reads a 10-digit location_id', () => {
    expect(parsePastedId('1000123456')).toEqual({ kind: 'location_id', id: '1000123456' });
  });

  it('tolerates whitespace and quotes from a spreadsheet cell', () => {
    expect(parsePastedId('  "1000123456"\n')).toEqual({ kind: 'location_id', id: '1000123456' });
  });

  it('refuses ids that are not 10 digits or start with 0', () => {
    expect(parsePastedId('100012345')).toBeNull();
    expect(parsePastedId('10001234567')).toBeNull();
    expect(parsePastedId('0100012345')).toBeNull();
  });

  it('treats an address starting with digits as address text', () => {
    expect(parsePastedId('1201 Oak St')).toBeNull();
    expect(parsePastedId('1000123456 Oak St')).toBeNull();
  });

  it('reads a uuid in any case, with or without braces, and lower-cases it', () => {
    const uuid = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';
    expect(parsePastedId(uuid)).toEqual({ kind: 'uuid', id: uuid.toLowerCase() });
    expect(parsePastedId(`{${uuid}}`)).toEqual({ kind: 'uuid', id: uuid.toLowerCase() });
  });

  it('refuses a malformed uuid', () => {
    expect(parsePastedId('3f2504e0-4f89-11d3-9a0c-0305e82c330')).toBeNull();
    expect(parsePastedId('3f2504e04f8911d39a0c0305e82c3301')).toBeNull();
    expect(parsePastedId('zf2504e0-4f89-11d3-9a0c-0305e82c3301')).toBeNull();
  });

  it('returns null for empty text', () => {
    expect(parsePastedId('')).toBeNull();
    expect(parsePastedId('   ')).toBeNull();
  });
});

describe('otherIdKind', () => {
  it('translates to the other kind', () => {
    expect(otherIdKind('location_id')).toBe('uuid');
    expect(otherIdKind('uuid')).toBe('location_id');
  });
});
