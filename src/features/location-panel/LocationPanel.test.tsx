// The location panel against a fake service: data rendered as text, the audience switch, the
// threshold marks, the coverage vintage, a retired location's equivalent (in either dialect of
// version names), and Retry per part.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../queries/testing/render-with-client';
import { DEFAULT_FIXED_FILTERS } from '../../../shared/fixed-status';
import { useAppStore } from '../../state/store';
import { LocationPanel } from './LocationPanel';

const ID = 1000000101;
const NEW_ID = 1000000999;
const HOSTILE = '<img src=x onerror="window.__owned=1">';

const location = (id: number, address: string) => ({
  location_id: id,
  uuid: `uuid-${id}`,
  address_primary: address,
  city: 'SPRINGFIELD',
  state: 'IL',
  zip: '62704',
  zip_suffix: '1234',
  unit_count: 1,
  bsl_flag: 1,
  building_type_code: 'R',
  land_use_code: 'RES',
  county_geoid: '17167',
  block_geoid: '171670001001000',
  h3_res9_id: '892664c1a2fffff',
  latitude: 39.78,
  longitude: -89.65,
});

const offer = (brand: string, tech: number, down: number, up: number, code: 'R' | 'B' | 'X') => ({
  location_id: String(ID),
  provider_id: brand.length,
  frn: '0001234567',
  brand_name: brand,
  technology_code: tech,
  max_advertised_download_speed: down,
  max_advertised_upload_speed: up,
  low_latency: 1,
  business_residential_code: code,
});

const VINTAGES = [
  {
    vintage: '202312',
    svcversion: 8,
    fccversion: '4',
    fccrelease: '12312023',
    vintagename: 'december2023',
  },
  {
    vintage: '202406',
    svcversion: 9,
    fccversion: '5',
    fccrelease: '06302024',
    vintagename: 'june2024',
  },
];

// The same vintages as the real service publishes them: the release number as cqaversion text.
const PUBLISHED_VINTAGES = [
  {
    vintage: '202312',
    cqaversion: '8',
    fccrelease: '12312023',
    fccversion: '4',
    ntiaversion: null,
    vintagename: 'dec2023',
  },
  {
    vintage: '202406',
    cqaversion: '9',
    fccrelease: '06302024',
    fccversion: '5',
    ntiaversion: '5_1',
    vintagename: 'june2024',
  },
];

let failing: RegExp | null;
let retiredId: number | null;
let published: boolean;

/** A history record under the dialect's names for the first and last release. */
const historyRecord = (id: number, first: number, last: number, re: number | null) =>
  published
    ? { location_id: id, firstcqaversion: first, lastcqaversion: last, re_location_id: re }
    : { location_id: id, firstsvcversion: first, lastsvcversion: last, re_location_id: re };

function answer(url: URL): unknown {
  const id = Number(url.searchParams.get('location_id') ?? url.searchParams.get('id'));
  const p = url.pathname;
  if (p.endsWith('/fabric/vintages')) return published ? PUBLISHED_VINTAGES : VINTAGES;
  if (p.endsWith('/coverage/vintages')) return ['202312', '202406'];
  if (p.includes('/data/locations'))
    return id === retiredId ? [] : [location(id, id === ID ? HOSTILE : '5 ELM ST')];
  if (p.endsWith('/translate'))
    return id === retiredId ? [] : [{ location_id: id, uuid: `uuid-${id}` }];
  if (p.endsWith('/history')) {
    return [id === retiredId ? historyRecord(id, 8, 8, NEW_ID) : historyRecord(id, 8, 9, null)];
  }
  if (p.endsWith('/coverage/bdcfixed')) {
    return url.searchParams.get('vintage') === '202312'
      ? [offer('Old DSL', 10, 10, 1, 'R')]
      : [
          offer(HOSTILE, 50, 1000, 1000, 'X'),
          offer('Cable Co', 40, 300, 20, 'R'),
          offer('Biz Only', 50, 2000, 2000, 'B'),
          offer('Sky Sat', 61, 150, 25, 'X'),
        ];
  }
  throw new Error(`unexpected ${p}`);
}

beforeEach(() => {
  failing = null;
  retiredId = null;
  published = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://test');
      if (failing?.test(url.pathname)) {
        return new Response(
          JSON.stringify({ error: { code: 'internal', message: 'Store failed.' } }),
          {
            status: 500,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return new Response(JSON.stringify(answer(url)), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  useAppStore.setState({
    fabricVintage: '202406',
    coverageVintage: '202406',
    fixedFilters: { ...DEFAULT_FIXED_FILTERS },
    selection: { kind: 'location', locationId: ID },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel() {
  // No retries: a 500 shows at once instead of after the app's back-off.
  const client = createTestQueryClient();
  render(
    <QueryClientProvider client={client}>
      <LocationPanel />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Location' });
}

const brands = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1, -1)
    .map((row) => row.querySelector('.lp-brand')?.textContent);

describe('LocationPanel', () => {
  it('renders addresses and brand names as text, never as markup', async () => {
    const panel = renderPanel();
    expect(await within(panel).findByRole('heading', { name: HOSTILE })).toBeTruthy();
    const table = await within(panel).findByRole('table', { name: 'Fixed broadband providers' });
    expect(brands(table)).toContain(HOSTILE);
    expect(panel.querySelector('img')).toBeNull();
  });

  it('lists residential offers fastest first, marks the threshold, and switches to business', async () => {
    const panel = renderPanel();
    const table = await within(panel).findByRole('table', { name: 'Fixed broadband providers' });
    expect(brands(table)).toEqual([HOSTILE, 'Cable Co', 'Sky Sat']);
    const meets = [...table.querySelectorAll('tbody tr')].map((r) =>
      r.getAttribute('data-meets-threshold'),
    );
    expect(meets).toEqual(['true', 'true', 'true']);
    // Satellite is fast enough here but BEAD does not count it: marked apart, not highlighted.
    const satellite = within(table).getByText('Sky Sat').closest('tr')!;
    expect(satellite.classList.contains('lp-row-meets')).toBe(false);
    expect(
      within(satellite).getByLabelText('Meets threshold, but BEAD does not count it'),
    ).toBeTruthy();
    expect(within(table).getByText(HOSTILE).closest('tr')!.classList.contains('lp-row-meets')).toBe(
      true,
    );
    act(() => useAppStore.getState().setFixedFilters({ speed: '1000/100' }));
    expect(
      [...table.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-meets-threshold')),
    ).toEqual(['true', 'false', 'false']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Business' }));
    const businessTable = within(panel).getByRole('table', { name: 'Fixed broadband providers' });
    expect(brands(businessTable)).toEqual(['Biz Only', HOSTILE, 'Sky Sat']);
  });

  it('re-rates the badge with the filters', async () => {
    const panel = renderPanel();
    const badge = await within(panel).findByTestId('location-panel:bead-status');
    expect(badge.textContent).toBe('Served');
    // Satellite alone at 100/20: not reliable under BEAD, counted at a plain threshold.
    act(() => useAppStore.getState().setFixedFilters({ tech: 'satellite' }));
    expect(badge.textContent).toBe('Unserved');
    act(() => useAppStore.getState().setFixedFilters({ speed: '100/20' }));
    expect(badge.textContent).toBe('Served');
    act(() => useAppStore.getState().setFixedFilters({ speed: '250/25' }));
    expect(badge.textContent).toBe('Underserved');
    act(() => useAppStore.getState().setFixedFilters({ lowLatency: true, tech: 'any' }));
    expect(badge.textContent).toBe('Served');
  });

  it('follows the coverage vintage and says which one it shows', async () => {
    const panel = renderPanel();
    await within(panel).findByRole('table', { name: 'Fixed broadband providers' });
    expect(panel.textContent).toContain('Fabric location · June 2024');
    expect(panel.textContent).toContain('Coverage data as of June 2024');
    act(() => useAppStore.setState({ coverageVintage: '202312' }));
    expect(panel.textContent).toContain('Coverage data as of December 2023');
    const table = await within(panel).findByRole('table', { name: 'Fixed broadband providers' });
    await vi.waitFor(() => expect(brands(table)).toEqual(['Old DSL']));
    expect(within(panel).getByText('Unserved')).toBeTruthy();
  });

  it('marks a retired location and selects its current equivalent', async () => {
    retiredId = ID;
    const panel = renderPanel();
    expect(await within(panel).findByText('Retired')).toBeTruthy();
    // Offers are reported at the location, but it is not in the June 2024 fabric: no status.
    const badge = await within(panel).findByTestId('location-panel:bead-status');
    expect(badge.textContent).toBe('Not in this release');
    expect(within(panel).getByTestId('location-panel:status-rule').textContent).toBe(
      'Retired in June 2024, last listed in December 2023: not in the June 2024 fabric. No BEAD status is given.',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Go to current equivalent' }));
    expect(useAppStore.getState().selection).toEqual({ kind: 'location', locationId: NEW_ID });
    expect(await within(panel).findByRole('heading', { name: '5 ELM ST' })).toBeTruthy();
  });

  it('reads vintages and history in the published dialect (cqaversion names) alike', async () => {
    published = true;
    retiredId = ID;
    const panel = renderPanel();
    expect(await within(panel).findByText('Retired')).toBeTruthy();
    const steps = within(panel).getByRole('list', { name: 'Fabric vintages' });
    expect([...steps.querySelectorAll('.lp-step-present')].map((li) => li.textContent)).toEqual([
      'December 2023: in the fabric',
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Go to current equivalent' }));
    expect(await within(panel).findByRole('heading', { name: '5 ELM ST' })).toBeTruthy();
    expect(within(panel).queryByText('Retired')).toBeNull();
  });

  it('shows a failing part with Retry while the other parts load', async () => {
    failing = /bdcfixed/;
    const panel = renderPanel();
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Fixed broadband could not be loaded. Store failed.');
    expect(await within(panel).findByRole('heading', { name: HOSTILE })).toBeTruthy();
    failing = null;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(panel).findByRole('table', { name: 'Fixed broadband providers' }),
    ).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says when a click cannot be located because the vintages did not load, with Retry', async () => {
    failing = /\/fabric\/vintages$/;
    useAppStore.setState({
      fabricVintage: null,
      selection: { kind: 'point', lng: -89.65, lat: 39.8, seq: 1 },
    });
    const panel = renderPanel();
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The fabric vintages could not be loaded. Store failed.');
    failing = null;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(within(panel).queryByRole('alert')).toBeNull());
    expect(within(panel).getByRole('status').textContent).toBe('Loading fabric vintages…');
  });

  it('says once, with Retry, that a linked location waits on fabric vintages that failed', async () => {
    failing = /\/fabric\/vintages$/;
    useAppStore.setState({ fabricVintage: null });
    const panel = renderPanel();
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The fabric vintages could not be loaded. Store failed.');
    // Coverage needs no fabric vintage: the providers still show; nothing else says loading.
    expect(
      await within(panel).findByRole('table', { name: 'Fixed broadband providers' }),
    ).toBeTruthy();
    expect(within(panel).getAllByRole('alert')).toHaveLength(1);
    expect(within(panel).queryByText(/Loading/)).toBeNull();
    failing = null;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(within(panel).queryByRole('alert')).toBeNull());
    act(() => useAppStore.setState({ fabricVintage: '202406' }));
    expect(await within(panel).findByRole('heading', { name: HOSTILE })).toBeTruthy();
  });

  it('says, with Retry, that the providers wait on coverage vintages that failed', async () => {
    failing = /\/coverage\/vintages$/;
    useAppStore.setState({ coverageVintage: null });
    const panel = renderPanel();
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The coverage vintages could not be loaded. Store failed.');
    expect(within(panel).queryByText('Loading providers…')).toBeNull();
    expect(await within(panel).findByRole('heading', { name: HOSTILE })).toBeTruthy();
    failing = null;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(within(panel).queryByRole('alert')).toBeNull());
    act(() => useAppStore.setState({ coverageVintage: '202406' }));
    expect(
      await within(panel).findByRole('table', { name: 'Fixed broadband providers' }),
    ).toBeTruthy();
  });
});
