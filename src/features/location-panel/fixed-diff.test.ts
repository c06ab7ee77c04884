import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS } from '../../../shared/fixed-status';
import { locationChange, offerDiff } from './fixed-diff';

function offer(provider: number, tech: number, down: number, up: number, code = 'X', lat = 1) {
  return {
    brand_name: `P${provider}`,
    provider_id: provider,
    technology_code: tech,
    max_advertised_download_speed: down,
    max_advertised_upload_speed: up,
    low_latency: lat,
    business_residential_code: code,
  };
}

const kinds = (rows: { provider_id: number; technology_code: number; kind: string }[]) =>
  rows.map((r) => `${r.provider_id}/${r.technology_code} ${r.kind}`);

describe('offerDiff', () => {
  it('pairs offers by provider × technology: added, dropped, faster, slower, mixed, unchanged', () => {
    const before = [
      offer(1, 50, 1000, 1000),
      offer(2, 40, 300, 20),
      offer(3, 10, 25, 3),
      offer(4, 71, 100, 20),
      offer(5, 50, 500, 500),
      offer(6, 40, 100, 10),
    ];
    const after = [
      offer(1, 50, 1000, 1000),
      offer(2, 40, 1000, 35),
      offer(4, 71, 50, 10),
      offer(5, 50, 500, 500),
      offer(5, 40, 200, 20),
      offer(6, 40, 200, 5),
    ];
    const rows = offerDiff(before, after, 'residential');
    expect(kinds(rows)).toEqual([
      '5/40 added',
      '3/10 dropped',
      '2/40 faster',
      '4/71 slower',
      '6/40 mixed',
      '1/50 unchanged',
      '5/50 unchanged',
    ]);
    expect(rows.find((r) => r.provider_id === 2)).toMatchObject({
      before: { down: 300, up: 20 },
      after: { down: 1000, up: 35 },
    });
    expect(rows[0]).toMatchObject({ before: null, after: { down: 200, up: 20 } });
    expect(rows[1]).toMatchObject({ before: { down: 25, up: 3 }, after: null });
  });

  it("reads only the audience's offers, the fastest of a provider × technology", () => {
    const before = [offer(1, 50, 100, 20, 'R'), offer(1, 50, 2000, 2000, 'B')];
    const after = [offer(1, 50, 100, 20, 'X'), offer(1, 50, 300, 300, 'R')];
    expect(kinds(offerDiff(before, after, 'residential'))).toEqual(['1/50 faster']);
    // Business: the 2000/2000 business-only offer was the best, the new best is 100/20.
    expect(kinds(offerDiff(before, after, 'business'))).toEqual(['1/50 slower']);
    expect(kinds(offerDiff([offer(1, 50, 100, 20, 'B')], [], 'residential'))).toEqual([]);
  });
});

describe('locationChange', () => {
  const side = (records: ReturnType<typeof offer>[]) => ({ inRelease: true, bsl: true, records });

  it('statuses at both releases and the class, by the shared rule', () => {
    const change = locationChange(
      side([offer(1, 10, 25, 3)]),
      side([offer(1, 10, 25, 3), offer(2, 50, 1000, 1000)]),
      DEFAULT_FIXED_FILTERS,
      false,
    );
    expect(change.before?.status).toBe('underserved');
    expect(change.after?.status).toBe('served');
    expect(change.change).toBe('newly_served');
    expect(kinds(change.rows)).toEqual(['2/50 added', '1/10 unchanged']);
  });

  it('follows the filters: a satellite offer counts only when they count satellite', () => {
    const before = side([]);
    const after = side([offer(1, 61, 100, 20)]);
    const bead = locationChange(before, after, DEFAULT_FIXED_FILTERS, false);
    expect([bead.before?.status, bead.after?.status, bead.change]).toEqual([
      'nooffers',
      'unserved',
      'unchanged',
    ]);
    const any = { ...DEFAULT_FIXED_FILTERS, speed: '100/20' as const };
    expect(locationChange(before, after, any, false).change).toBe('newly_served');
  });

  it('new, retired with and without an equivalent, and a location that stopped being a BSL', () => {
    const s = side([offer(1, 50, 1000, 1000)]);
    expect(locationChange(null, s, DEFAULT_FIXED_FILTERS, false).change).toBe('new');
    const gone = locationChange(s, null, DEFAULT_FIXED_FILTERS, true);
    expect([gone.change, gone.after]).toEqual(['retired_equivalent', null]);
    expect(kinds(gone.rows)).toEqual(['1/50 dropped']);
    expect(locationChange(s, null, DEFAULT_FIXED_FILTERS, false).change).toBe('retired');
    const notBsl = locationChange(s, { ...s, bsl: false }, DEFAULT_FIXED_FILTERS, false);
    expect([notBsl.after?.status, notBsl.change]).toEqual(['notbsl', 'reclassified']);
  });
});
