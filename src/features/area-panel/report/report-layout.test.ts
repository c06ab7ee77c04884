import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS } from '../../../../shared/fixed-status';
import type { AreaReport } from '../../../api/report';
import { reportCsv } from './report-csv';
import { reportTables, share } from './report-layout';

const c = (locations: number, units: number) => ({ locations, units });
const REPORT: AreaReport = {
  fabric: '202506',
  coverage: '202412',
  release: '202412',
  filters: { audience: 'residential', speed: 'bead', tech: 'any', lowlatency: '0' },
  maxcount: 50000,
  locationcount: 3012,
  status: {
    served: c(2000, 2400),
    underserved: c(667, 700),
    unserved: c(333, 340),
    nooffers: c(12, 12),
    notinrelease: c(7, 7),
    notbsl: c(5, 9),
  },
  tiers: [
    { group: 'any', tier: 1, speed: '25/3', locations: 2667 },
    { group: 'any', tier: 2, speed: '100/20', locations: 2000 },
    { group: 'wired', tier: 1, speed: '25/3', locations: 1001 },
    { group: 'wired', tier: 2, speed: '100/20', locations: 999 },
  ],
  providers: [
    {
      provider_id: 7,
      brand_name: 'Prairie Fiber, Inc.',
      technologies: [40, 50],
      served_locations: 1500,
      served_units: 1800,
      reached_locations: 1600,
      offered: [
        { technology: 40, locations: [900, 700, 0, 0], units: [950, 720, 0, 0] },
        { technology: 50, locations: [1000, 1000, 1000, 800], units: [1300, 1300, 1300, 900] },
      ],
    },
  ],
};

describe('reportTables', () => {
  const [status, tiers, providers, offered] = reportTables(REPORT, DEFAULT_FIXED_FILTERS);

  it('lists each provider\u2019s technologies with the locations and units at each tier or faster', () => {
    const rows = offered!.rows.map((r) => [r.label, ...r.cells.map((x) => x.value)]);
    expect(rows).toEqual([
      ['Prairie Fiber, Inc. (7) · Cable (coax / HFC)', 900, 950, 700, 720, 0, 0, 0, 0],
      [
        'Prairie Fiber, Inc. (7) · Fiber to the premises',
        1000,
        1300,
        1000,
        1300,
        1000,
        1300,
        800,
        900,
      ],
    ]);
    expect(offered!.columns.map((column) => column.header).slice(0, 2)).toEqual([
      'Locations with 25/3+',
      'Units with 25/3+',
    ]);
  });

  it('gives statuses as counts and shares of the BSLs in the release, to one decimal', () => {
    const rows = status!.rows.map((r) => [r.label, ...r.cells.map((x) => x.text)]);
    expect(rows).toEqual([
      ['Served', '2,000', '66.7%', '2,400', '69.8%'],
      ['Underserved', '667', '22.2%', '700', '20.3%'],
      ['Unserved', '333', '11.1%', '340', '9.9%'],
      ['of which no offers reported', '12', '0.4%', '12', '0.3%'],
      ['BSLs in this release', '3,000', '100.0%', '3,440', '100.0%'],
      ['Not in this release', '7', '', '7', ''],
      ['Not a BSL', '5', '', '9', ''],
      ['All locations', '3,012', '', '', ''],
    ]);
    expect(status!.note).toMatch(
      /^Served: reliable 100\/20 or faster; underserved: reliable 25\/3/,
    );
    const [threshold] = reportTables(REPORT, { ...DEFAULT_FIXED_FILTERS, speed: '250/25' });
    expect(threshold!.note).toMatch(
      /^Served: 250\/25 or faster; underserved: 25\/3 but below 250\/25/,
    );
  });

  it('gives each technology group the share with an offer at each speed', () => {
    expect(tiers!.columns.map((x) => x.header)).toEqual([
      '25/3 locations',
      '25/3 %',
      '100/20 locations',
      '100/20 %',
    ]);
    expect(tiers!.rows.map((r) => [r.label, ...r.cells.map((x) => x.value)])).toEqual([
      ['Any technology', 2667, 88.9, 2000, 66.7],
      ['Wired', 1001, 33.4, 999, 33.3],
    ]);
  });

  it('names providers with their technologies', () => {
    expect(providers!.rows[0]!.cells.map((x) => x.text)).toEqual([
      'Cable (coax / HFC), Fiber to the premises',
      '1,500',
      '50.0%',
      '1,800',
      '1,600',
    ]);
  });

  it('leaves a share empty when there is nothing to share', () => {
    expect(share(0, 0)).toEqual({ text: '', value: '' });
  });
});

describe('reportCsv', () => {
  const csv = reportCsv(REPORT, DEFAULT_FIXED_FILTERS, {
    areaName: 'Ward 3, north',
    generated: new Date('2026-01-02T03:04:05.678Z'),
    source: 'Demo data (synthetic): not real locations or offers',
  });
  const lines = csv.split('\r\n');

  it('opens with a header block naming the area, vintages, filters and date', () => {
    expect(lines.slice(0, 11)).toEqual([
      'Area report',
      'Area,"Ward 3, north"',
      'Fabric as of,June 2025 (202506)',
      'Coverage as of,December 2024 (202412)',
      'Offers sold to,Residential',
      'Speed,"BEAD (reliable, low latency: 25/3 and 100/20)"',
      'Technology,Any technology',
      'Low latency required,Yes (BEAD)',
      'Generated,2026-01-02T03:04:05Z',
      'Data,Demo data (synthetic): not real locations or offers',
      '',
    ]);
  });

  it('writes the tables rounded as shown, numbers without separators or % signs', () => {
    expect(lines).toContain('Served,2000,66.7,2400,69.8');
    expect(lines).toContain('  of which no offers reported,12,0.4,12,0.3');
    expect(lines).toContain('Any technology,2667,88.9,2000,66.7');
    expect(lines).toContain(
      '"Prairie Fiber, Inc.",Cable (coax / HFC); Fiber to the premises,1500,50,1800,1600',
    );
  });
});
