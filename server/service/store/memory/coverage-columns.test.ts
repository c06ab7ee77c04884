// The summary field served_status is computed per location on the server from typed columns;
// the location panel computes BEAD status in the browser from bdcfixed records. Both must
// apply the same rule, for each audience: the offers sold to it (R or X, B or X) alone count.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { servedStatus, type FixedOffer } from '../../../../shared/served-status';
import { SERVED_STATUS } from '../rules/served-status-codes';
import { buildCoverageColumns } from './coverage-columns';
import { OFFER_FIELDS, packFixedCoverage } from './fixed-offers';

const AUDIENCE = ['R', 'B', 'X'] as const;

// Offers drawn around the BEAD thresholds (25/3, 100/20) and over every technology code.
const offer = fc.record({
  provider: fc.integer({ min: 0, max: 5 }),
  technology: fc.constantFrom(0, 10, 40, 50, 60, 61, 70, 71, 72),
  down: fc.constantFrom(0, 10, 24, 25, 99, 100, 1000),
  up: fc.constantFrom(0, 1, 2, 3, 19, 20, 1000),
  lowLatency: fc.constantFrom(0, 1),
  businessResidential: fc.constantFrom(0, 1, 2),
});
const locations = fc.array(fc.array(offer, { maxLength: 6 }), { minLength: 1, maxLength: 40 });

describe('coverage columns', () => {
  it('give each location the BEAD status the location panel gives it', () => {
    fc.assert(
      fc.property(locations, (perLocation) => {
        const rows = perLocation.flat();
        const start = new Uint32Array(perLocation.length + 1);
        perLocation.forEach((o, i) => (start[i + 1] = start[i]! + o.length));
        const columns = Object.fromEntries(
          OFFER_FIELDS.map((field) => [field, rows.map((row) => row[field])]),
        ) as Record<(typeof OFFER_FIELDS)[number], number[]>;
        const cov = packFixedCoverage('202406', start, columns);
        const status = buildCoverageColumns(cov, perLocation.length).servedStatus;
        perLocation.forEach((offers, i) => {
          const records: FixedOffer[] = offers.map((o) => ({
            technology_code: o.technology,
            max_advertised_download_speed: o.down,
            max_advertised_upload_speed: o.up,
            low_latency: o.lowLatency,
            business_residential_code: AUDIENCE[o.businessResidential]!,
          }));
          expect(SERVED_STATUS[status.residential[i]!]).toBe(servedStatus(records, 'residential'));
          expect(SERVED_STATUS[status.business[i]!]).toBe(servedStatus(records, 'business'));
        });
      }),
      { numRuns: 300 },
    );
  });
});
