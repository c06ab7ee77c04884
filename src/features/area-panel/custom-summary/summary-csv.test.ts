import { describe, expect, it } from 'vitest';
import { csvCell } from '../csv-cell';
import { summaryCsv, summaryCsvFile } from './summary-csv';

describe('summaryCsv', () => {
  it('writes a header and one CRLF line per row in column order', () => {
    const csv = summaryCsv(
      [
        { key: 'building_type_code', header: 'Building type' },
        { key: 'locationcount', header: 'Locations' },
      ],
      [
        { locationcount: 812, building_type_code: 'R' },
        { locationcount: 3, building_type_code: 'B' },
      ],
    );
    expect(csv).toBe('Building type,Locations\r\nR,812\r\nB,3\r\n');
  });

  it('quotes cells with commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('leaves empty cells for missing values and keeps numbers as written', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(0.125)).toBe('0.125');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1,2')).toBe(`"'+1,2"`);
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes the header block, then the table with averages rounded as the table shows them', () => {
    const csv = summaryCsvFile(
      [
        ['Area', 'Ward 3'],
        ['Coverage as of', 'June 2024 (202406)'],
      ],
      [
        { key: 'locationcount', header: 'Locations' },
        { key: 'unit_count_avg', header: 'unit_count average' },
        { key: 'unit_count_sum', header: 'unit_count sum' },
      ],
      [{ locationcount: 3, unit_count_avg: 1.3333333, unit_count_sum: 4 }],
    );
    expect(csv).toBe(
      'Area,Ward 3\r\nCoverage as of,June 2024 (202406)\r\n\r\n' +
        'Locations,unit_count average,unit_count sum\r\n3,1.33,4\r\n',
    );
  });
});
