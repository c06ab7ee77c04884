// The location list's rows from answers in the real service's published shapes (bulk records
// with numbers as text, bdcfixed with location_id as numeric text and zero-padded FRNs, history
// with the published version names): one chunk loaded through the client, turned into rows;
// the status is the one rule's, the best offer the one the filters count, a retired location
// is classed by its history, and addresses with commas and quotes survive the CSV.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../../shared/fixed-status';
import { loadListChunk, type Call } from '../../../pipelines/location-list-chunk';
import { csvLine, listColumns, listRow, type ListContext } from './location-list-rows';
import { A, B, loadRows, publishedService } from './testing/published-list';

afterEach(() => vi.unstubAllGlobals());

const cellOf = (columns: string[], cells: unknown[], name: string) => cells[columns.indexOf(name)];

describe('the location list from published answers', () => {
  it('gives each location its status, best counted offer and providers under the filters', async () => {
    const { columns, rows } = await loadRows(DEFAULT_FIXED_FILTERS, false);
    expect(rows.map((r) => r.location_id)).toEqual([1000000001, 1000000002]);
    const [one, two] = rows.map((r) => r.cells);
    expect(cellOf(columns, one!, 'status')).toBe('served');
    expect(cellOf(columns, one!, 'best_technology')).toBe('Fiber to the premises');
    expect(cellOf(columns, one!, 'best_down_mbps')).toBe(1000);
    // Residential audience: the business-only cable provider is not listed.
    expect(cellOf(columns, one!, 'providers')).toBe('Fiber, Inc.; Heartland Telephone');
    expect(cellOf(columns, one!, 'unit_count')).toBe(3);
    // Satellite is not BEAD-reliable: no counted offer, unserved.
    expect(cellOf(columns, two!, 'status')).toBe('unserved');
    expect(cellOf(columns, two!, 'best_technology')).toBeNull();
    expect(cellOf(columns, two!, 'unit_count')).toBe(0);
  });

  it('follows the filters: business audience at 25/3 counts the cable offer', async () => {
    const filters: FixedFilters = {
      audience: 'business',
      speed: '25/3',
      tech: 'any',
      lowLatency: false,
    };
    const { columns, rows } = await loadRows(filters, false);
    const one = rows[0]!.cells;
    expect(cellOf(columns, one, 'best_technology')).toBe('Cable (coax / HFC)');
    expect(cellOf(columns, one, 'providers')).toBe('Business Cable');
    expect(cellOf(columns, rows[1]!.cells, 'status')).toBe('unserved');
  });

  it('comparing: each release in its columns, earlier first, the change, the retired one by its history', async () => {
    const { columns, rows, chunk } = await loadRows(DEFAULT_FIXED_FILTERS, true);
    expect(columns.indexOf('status_202412')).toBeLessThan(columns.indexOf('status_202506'));
    expect(chunk.otherUuids).toEqual(['old-u1']);
    const [one, two] = rows;
    expect(cellOf(columns, one!.cells, 'status_202412')).toBe('unserved');
    expect(one!.change).toBe('newly_served');
    expect(one!.units).toEqual({ a: 3, b: 2 });
    expect(cellOf(columns, two!.cells, 'status_202412')).toBe('notinfabric');
    // Only in the later fabric (the map's): new.
    expect(two!.change).toBe('new');
  });

  it('a location of the earlier fabric missing from the later one is retired with its equivalent', async () => {
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => publishedService(url, init));
    const signal = new AbortController().signal;
    const call: Call = (request) => request(signal);
    // The map shows 202506; its list compared with 202412 read the other way round.
    const chunk = await loadListChunk(
      { own: A, other: B, ownSide: 'b', ownEarlier: true },
      ['u2'],
      call,
      signal,
    );
    expect(chunk.locations[0]!.replacedBy).toBe(1000000009);
    const ctx: ListContext = { filters: DEFAULT_FIXED_FILTERS, a: B, b: A, earlier: 'b' };
    const row = listRow(chunk.locations[0]!, ctx);
    expect(row.change).toBe('retired_equivalent');
    expect(cellOf(listColumns(ctx), row.cells, 'replaced_by')).toBe(1000000009);
  });

  it('quotes addresses with commas and quotes, and defuses a formula, per RFC 4180', async () => {
    const { rows } = await loadRows(DEFAULT_FIXED_FILTERS, false);
    const line = csvLine(rows[0]!.cells);
    expect(line).toContain(',"12 ""Old"" Mill Rd, Apt 3",Springfield,');
    expect(line.endsWith('\r\n')).toBe(true);
    expect(csvLine(rows[1]!.cells)).toContain(",'=SUM(A1),");
  });
});
