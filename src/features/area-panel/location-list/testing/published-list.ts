// A small service answering in the real service's published shapes (bulk records with numbers
// as text, bdcfixed with location_id as numeric text and zero-padded FRNs, history with the
// published version names), and the location list's rows loaded from it through the client:
// two locations of fabric 202506, one of them also in 202412.
import { vi } from 'vitest';
import type { FixedFilters } from '../../../../../shared/fixed-status';
import { loadListChunk, type Call } from '../../../../pipelines/location-list-chunk';
import { listColumns, listRow, type ListContext } from '../location-list-rows';

export const A = { fabric: '202506', coverage: '202506', release: null };
export const B = { fabric: '202412', coverage: '202412', release: null };

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
  // One unit fewer in the earlier fabric: each release's units are its own.
  '202412': [{ uuid: 'old-u1', location_id: 1000000001, unit_count: '2', bsl_flag: '1' }],
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

export function publishedService(url: string, init: RequestInit = {}): Response {
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

/** The two locations' rows, at A alone or compared with B (the earlier). */
export async function loadRows(filters: FixedFilters, compare: boolean) {
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
