import { describe, expect, it } from 'vitest';
import { MatchBulkBody } from './match';

describe('POST match body', () => {
  it('reads numeric parts as text, a ZIP that lost its leading zero padded back to 5 digits', () => {
    const [row] = MatchBulkBody.parse([
      { sourcekey: 1, house_number: 12, road: 'Elm St', postcode: 2134, unit: null },
    ]);
    expect(row).toEqual({
      sourcekey: 1,
      house_number: '12',
      road: 'Elm St',
      postcode: '02134',
      unit: null,
    });
  });

  it('drops keys it does not know (a CSV row has other columns)', () => {
    const [row] = MatchBulkBody.parse([{ text: '100 Oak St', county: 'Sangamon' }]);
    expect(row).toEqual({ text: '100 Oak St' });
  });
});
