// The location list's rows from answers in the real service's published shapes (bulk records
// with numbers as text, bdcfixed with location_id as numeric text and zero-padded FRNs, history
// with the published version names): one chunk loaded through the client, turned into rows;
// the status is the one rule's, the best offer the one the filters count, a retired location
// is classed by its history, and addresses with commas and quotes survive the CSV.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../shared/fixed-status';
import { loadListChunk, type Call } from '../../queries/location-list-chunk';
import { csvLine, listColumns, listRow, type ListContext } from './location-list-rows';

const A = { fabric: '202506', coverage: '202506', release: null };
const B = { fabric: '202412', coverage: '202412', release: null };

/** Two locations in A's fabric; 1000000002 is not in B's (retired, replaced by 1000000009). */
const FABRIC: Record<string, Record<string, unknown>[]> = {
  '202506': [
    {
      uuid: 'u1',
      location_id: '1000000001',
      address_primary: '12 "Old" Mill Rd, Apt 3',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      unit_count: '3',
      bsl_flag: '1',
      building_type_code: 'R',
      latitude: '39.78',
      longitude: '-89.65',
    },
    {
      uuid: 'u2',
      location_id: 1000000002,
      address_primary: '=SUM(A1)',
      city: 'Springfield',
      state: 'IL',
      zip: '62702',
      unit_count: null,
      bsl_flag: 1,
      building_type_code: 'R',
      latitude: 39.79,
      longitude: -89.66,
    },
  ],
  '202412': [{ uuid: 'old-u1', location_id: 1000000001, bsl_flag: '1' }],
};

/** A published-shape bdcfixed record (docs/SERVICE.md, spec 2.5). */
const offer = (id: string, tech: number, down: number, up: number, brand: string, code = 'R') => ({
  location_id: id,
  provider_id: 230034,
  frn: '0003856211',
  brand_name: brand,
  technology_code: tech,
  max_advertised_download_speed: down,
  max_advertised_upload_speed: up,
  low_latency: 1,
  business_residential_code: code,
  coverage: 1,
});
const COVERAGE: Record<string, unknown[]> = {
  '202506': [
    offer('1000000001', 50, 1000, 1000, 'Fiber, Inc.'),
    offer('1000000001', 10, 6, 1, 'Heartland Telephone'),
    offer('1000000001', 40, 2000, 200, 'Business Cable', 'B'),
    offer('1000000002', 60, 100, 20, 'Sky Link'),
  ],
  '202412': [offer('1000000001', 10, 6, 1, 'Heartland Telephone')],
};

function publishedService(url: string, init: RequestInit = {}): Response {
  const u = new URL(url, 'http://x');
  const body = init.body ? (JSON.parse(String(init.body)) as (string | number)[]) : [];
  const asked = new Set(body.map(String));
  let answer: unknown = [];
  const bulk = /\/fabric\/(\d{6})\/bulk\/locations$/.exec(u.pathname);
  if (bulk) {
    const fields = ['uuid', 'location_id', ...u.searchParams.get('field')!.split(',')];
    answer = (FABRIC[bulk[1]!] ?? [])
      .filter((r) => asked.has(String(r.uuid)) || asked.has(String(Number(r.location_id))))
      .map((r) => Object.fromEntries(fields.filter((f) => f in r).map((f) => [f, r[f]])));
  } else if (u.pathname === '/api/coverage/bdcfixed') {
    answer = (COVERAGE[u.searchParams.get('vintage')!] ?? []).filter((r) =>
      asked.has(String((r as { location_id: string }).location_id)),
    );
  } else if (u.pathname.endsWith('/history')) {
    answer = [
      {
        lastcqaversion: 10,
        location_id: Number(u.searchParams.get('location_id')),
        firstcqaversion: 7,
        re_location_id: 1000000009,
      },
    ];
  }
  return new Response(JSON.stringify(answer), { status: 200 });
}

afterEach(() => vi.unstubAllGlobals());

async function loadRows(filters: FixedFilters, compare: boolean) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => publishedService(url, init));
  const signal = new AbortController().signal;
  const call: Call = (request) => request(signal);
  const chunk = await loadListChunk(
    { own: A, other: compare ? B : null, ownSide: 'a', ownEarlier: false },
    ['u1', 'u2'],
    call,
    signal,
  );
  const ctx: ListContext = { filters, a: A, b: compare ? B : null, earlier: 'b' };
  return {
    chunk,
    ctx,
    columns: listColumns(ctx),
    rows: chunk.locations.map((l) => listRow(l, ctx)),
  };
}

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
