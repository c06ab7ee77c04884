import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../api/schemas';
import { formatCell, rowLabel, summaryLayout } from './summary-table';

const defs: FieldDef[] = [
  {
    fieldname: 'unit_count',
    fieldtype: 'integer',
    discrete: 0,
    reportable: 1,
    listorder: 11,
    datalevel: null,
    format: null,
    definition: 'Units',
    categories: [
      { label: '1', min: 1, max: 1 },
      { label: '2-4', min: 2, max: 4 },
      { label: '5-19', min: 5, max: 19 },
      { label: '20+', min: 20, max: 9e9 },
    ],
  },
  {
    fieldname: 'building_type_code',
    fieldtype: 'text',
    discrete: 1,
    reportable: 1,
    listorder: 6,
    datalevel: null,
    format: null,
    definition: 'Type',
    categories: null,
  },
];

const rows = [
  {
    building_type_code: 'R',
    unit_count: '20+',
    locationcount: 2,
    unit_count_avg: 30,
    unit_count_cnt: 2,
    unit_count_sum: 60,
  },
  {
    building_type_code: 'B',
    unit_count: '1',
    locationcount: 5,
    unit_count_avg: 1,
    unit_count_cnt: 5,
    unit_count_sum: 5,
  },
  {
    building_type_code: 'R',
    unit_count: '2-4',
    locationcount: 7,
    unit_count_avg: 3,
    unit_count_cnt: 7,
    unit_count_sum: 21,
  },
  {
    building_type_code: 'R',
    unit_count: '1',
    locationcount: 1200,
    unit_count_avg: 1,
    unit_count_cnt: 1200,
    unit_count_sum: 1200,
  },
];

describe('summaryLayout', () => {
  it('puts group columns in field listorder, then count, then avg/cnt/sum per continuous field', () => {
    const layout = summaryLayout(defs, rows, false);
    expect(layout.columns.map((c) => c.key)).toEqual([
      'building_type_code',
      'building_type_code_label',
      'unit_count',
      'locationcount',
      'unit_count_avg',
      'unit_count_cnt',
      'unit_count_sum',
    ]);
    expect(layout.groupKeys).toEqual(['building_type_code', 'unit_count']);
  });

  it('orders categories by their listorder, not alphabetically', () => {
    const layout = summaryLayout(defs, rows, false);
    expect(layout.rows.map((r) => rowLabel(r, layout.groupKeys))).toEqual([
      'B · 1',
      'R · 1',
      'R · 2-4',
      'R · 20+',
    ]);
  });

  it('gives each code its meaning beside it, and keeps the meaning out of the measures', () => {
    const layout = summaryLayout(defs, rows, false);
    expect(layout.rows.map((r) => [r.building_type_code, r.building_type_code_label])).toEqual([
      ['B', 'Business'],
      ['R', 'Residential'],
      ['R', 'Residential'],
      ['R', 'Residential'],
    ]);
    expect(layout.measures.map((m) => m.key)).not.toContain('building_type_code_label');
  });

  it('with nocat, continuous fields do not group', () => {
    const layout = summaryLayout(defs, [{ building_type_code: 'R', locationcount: 3 }], true);
    expect(layout.groupKeys).toEqual(['building_type_code']);
    expect(layout.columns.some((c) => c.key === 'unit_count')).toBe(false);
  });

  it('formats numbers for reading', () => {
    expect(formatCell(85123, { key: 'locationcount', kind: 'count' })).toBe('85,123');
    expect(formatCell(1.23456, { key: 'unit_count_avg', kind: 'measure' })).toBe('1.23');
    expect(formatCell(null, { key: 'unit_count_avg', kind: 'measure' })).toBe('');
    expect(rowLabel({ locationcount: 3 }, [])).toBe('All locations');
  });
});
