// The search combobox against a fake service: debouncing, cancelling, choosing, ids, messages.
import { ALL_VIEWS } from '../../../shared/capabilities';
import { onLinkGrid } from '../../lib/geo/area-on-link-grid';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapProvider, useSetMapInstance } from '../../map/map-context';
import { createTestQueryClient } from '../../queries/testing/render-with-client';
import { healthQueryOptions } from '../../queries/use-health';
import { useAppStore } from '../../state/store';
import { AddressSearch } from './AddressSearch';
import { squareAround } from '../../../shared/testing/square';

const VINTAGE = '202406';
const OAK = {
  matchrank: 1,
  location_id: 1000000101,
  uuid: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  address: '1201 OAK ST',
  city: 'SPRINGFIELD',
  state: 'IL',
  zip: '62704',
  zip_suffix: null,
  latitude: 39.78,
  longitude: -89.65,
  similarity: 0.974,
};
const ELM = {
  ...OAK,
  matchrank: 2,
  location_id: 1000000102,
  address: '1203 OAK ST',
  similarity: 0.81,
};

interface Call {
  url: URL;
  signal: AbortSignal | undefined;
}
let calls: Call[];
let answer: (url: URL) => unknown;

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

const SPRINGFIELD = {
  kind: 'town',
  name: 'Springfield',
  city: null,
  state: 'IL',
  zips: ['62701', '62704'],
  locationcount: 41234,
  bbox: [-89.75, 39.7, -89.55, 39.85],
  score: 1,
};
const OAK_STREET = {
  kind: 'street',
  name: 'OAK ST',
  city: 'Springfield',
  state: 'IL',
  zips: ['62704'],
  locationcount: 54,
  bbox: [-89.66, 39.78, -89.64, 39.79],
  score: 1,
};
const onOak = (no: number) => ({
  location_id: 1000000100 + no,
  address: `${no} OAK ST`,
  city: 'SPRINGFIELD',
  state: 'IL',
  zip: '62704',
  latitude: 39.78,
  longitude: -89.65,
});
let placesAnswer: (q: string) => unknown;

beforeEach(() => {
  calls = [];
  placesAnswer = () => ({ q: '', places: [], addresses: [], addresscount: 0 });
  answer = (url) =>
    url.pathname.endsWith('/match')
      ? { text: url.searchParams.get('text'), parsed: {}, matchcount: 2, locations: [OAK, ELM] }
      : url.pathname.endsWith('/places')
        ? placesAnswer(url.searchParams.get('q') ?? '')
        : [{ location_id: OAK.location_id, uuid: OAK.uuid }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://test');
      calls.push({ url, signal: init?.signal ?? undefined });
      const body = answer(url);
      return body instanceof Response ? body : json(body);
    }),
  );
  useAppStore.setState({ fabricVintage: VINTAGE, selection: { kind: 'none' } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The map the search flies, as MapView would hand it in: its camera moves are recorded. */
let map: { flyTo: ReturnType<typeof vi.fn>; cameraForBounds: ReturnType<typeof vi.fn> };

function WithMap({ children }: { children: ReactNode }) {
  const setMap = useSetMapInstance();
  useEffect(() => {
    map = {
      flyTo: vi.fn(),
      cameraForBounds: vi.fn(() => ({ center: { lng: -89.65, lat: 39.775 }, zoom: 11.5 })),
    };
    setMap({
      ...map,
      getZoom: () => 12,
      getContainer: () => ({ clientWidth: 1280, clientHeight: 800 }),
      getPadding: () => ({}),
    } as unknown as MapLibreMap);
  }, [setMap]);
  return children;
}

/** The app server's health, seeded into the cache: the demo, with every view of its own. */
function healthOf(places: boolean) {
  return {
    backend: 'embedded',
    label: 'Demo data (synthetic)',
    capabilities: {
      data: { kind: 'demo' as const },
      views: { ...ALL_VIEWS, places },
    },
    fabricVintages: [VINTAGE],
    coverageVintages: [VINTAGE],
    version: '1.0.0',
  };
}
let client: ReturnType<typeof createTestQueryClient>;

function renderSearch() {
  client = createTestQueryClient();
  client.setQueryData(healthQueryOptions().queryKey, healthOf(true));
  render(
    <QueryClientProvider client={client}>
      <MapProvider>
        <WithMap>
          <AddressSearch />
        </WithMap>
      </MapProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search address' }) as HTMLInputElement;
}

const matchCalls = () => calls.filter((c) => c.url.pathname.endsWith('/match'));
const placesCalls = () => calls.filter((c) => c.url.pathname.endsWith('/places'));
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('AddressSearch', () => {
  it('asks match once per pause in typing, for up to 10 suggestions, and shows similarity', async () => {
    const input = renderSearch();
    for (const text of ['1', '12', '120', '1201', '1201 oak']) {
      fireEvent.change(input, { target: { value: text } });
    }
    const options = await screen.findAllByRole('option');
    expect(matchCalls()).toHaveLength(1);
    expect(matchCalls()[0].url.pathname).toMatch(new RegExp(`/fabricext/${VINTAGE}/match$`));
    expect(matchCalls()[0].url.searchParams.get('text')).toBe('1201 oak');
    expect(matchCalls()[0].url.searchParams.get('maxresults')).toBe('10');
    expect(options.map((o) => o.textContent)).toEqual([
      '1201 OAK STSPRINGFIELD, IL 6270497% match',
      '1203 OAK STSPRINGFIELD, IL 6270481% match',
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('cancels the request for text the user has moved on from', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementationOnce(async (input, init) => {
      calls.push({ url: new URL(String(input), 'http://test'), signal: init?.signal ?? undefined });
      await gate;
      return json({ text: 'x', parsed: {}, matchcount: 0, locations: [] });
    });
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '1201 oak' } });
    await waitFor(() => expect(matchCalls()).toHaveLength(1));
    fireEvent.change(input, { target: { value: '1201 oak st' } });
    await waitFor(() => expect(matchCalls()).toHaveLength(2));
    expect(matchCalls()[0].signal?.aborted).toBe(true);
    release();
    await screen.findAllByRole('option');
  });

  it('selects with the arrow keys and Enter, then closes the list', async () => {
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '1201 oak' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toContain('1203 OAK ST');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().selection).toEqual({
      kind: 'location',
      locationId: ELM.location_id,
    });
    expect(input.value).toBe('1203 OAK ST, SPRINGFIELD, IL 62704');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('selects a suggestion on click', async () => {
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '1201 oak' } });
    const [first] = await screen.findAllByRole('option');
    fireEvent.click(first);
    expect(useAppStore.getState().selection).toEqual({
      kind: 'location',
      locationId: OAK.location_id,
    });
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('says the search finds only fabric locations when nothing matches', async () => {
    answer = () => ({ text: 'x', parsed: {}, matchcount: 0, locations: [] });
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '5 Eiffel Tower' } });
    expect(await screen.findByText(/only finds locations in the fabric/)).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('selects a pasted location_id through translate, without a match request', async () => {
    const input = renderSearch();
    fireEvent.paste(input, { clipboardData: { getData: () => String(OAK.location_id) } });
    fireEvent.change(input, { target: { value: String(OAK.location_id) } });
    await waitFor(() =>
      expect(useAppStore.getState().selection).toEqual({
        kind: 'location',
        locationId: OAK.location_id,
      }),
    );
    const translate = calls.find((c) => c.url.pathname.endsWith('/translate'));
    expect(translate?.url.searchParams.get('src')).toBe('location_id');
    expect(translate?.url.searchParams.get('id')).toBe(String(OAK.location_id));
    expect(matchCalls()).toHaveLength(0);
  });

  it('selects a pasted uuid by translating it to its location_id', async () => {
    const input = renderSearch();
    fireEvent.paste(input, { clipboardData: { getData: () => OAK.uuid.toUpperCase() } });
    fireEvent.change(input, { target: { value: OAK.uuid.toUpperCase() } });
    await waitFor(() =>
      expect(useAppStore.getState().selection).toEqual({
        kind: 'location',
        locationId: OAK.location_id,
      }),
    );
    const translate = calls.find((c) => c.url.pathname.endsWith('/translate'));
    expect(translate?.url.searchParams.get('src')).toBe('uuid');
    expect(translate?.url.searchParams.get('id')).toBe(OAK.uuid);
  });

  it('says when a pasted id is not in the vintage', async () => {
    answer = () => [];
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '1999999999' } });
    expect(
      await screen.findByText(/No location with this location ID in the June 2024 fabric/),
    ).toBeTruthy();
    expect(useAppStore.getState().selection).toEqual({ kind: 'none' });
  });

  it('shows an error with Retry that asks again', async () => {
    let fail = true;
    answer = (url) => {
      if (fail) throw new Error('down');
      return { text: url.searchParams.get('text'), parsed: {}, matchcount: 1, locations: [OAK] };
    };
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '1201 oak' } });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findAllByRole('option')).toHaveLength(1);
  });

  it('Esc closes the list, then clears the text, then clears the selection', async () => {
    useAppStore.setState({ selection: { kind: 'location', locationId: OAK.location_id } });
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '1201 oak' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('1201 oak');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
    expect(useAppStore.getState().selection.kind).toBe('location');
    act(() => {
      fireEvent.keyDown(input, { key: 'Escape' });
    });
    expect(useAppStore.getState().selection).toEqual({ kind: 'none' });
  });

  it('lists a street’s addresses from places, says how many more, and selects one', async () => {
    placesAnswer = () => ({
      q: 'oak st',
      places: [OAK_STREET],
      addresses: [onOak(100), onOak(102)],
      addresscount: 54,
    });
    const input = renderSearch();
    fireEvent.change(input, { target: { value: 'oak st' } });
    await screen.findAllByRole('option');
    expect(placesCalls()[0].url.pathname).toMatch(new RegExp(`/fabricext/${VINTAGE}/places$`));
    expect(placesCalls()[0].url.searchParams.get('q')).toBe('oak st');
    expect(matchCalls()).toHaveLength(0);
    expect(optionTexts()).toEqual([
      '100 OAK STSPRINGFIELD, IL 62704',
      '102 OAK STSPRINGFIELD, IL 62704',
      'OAK STSpringfield, IL · 62704 · 54 locationsStreet',
    ]);
    expect(screen.getByText(/2 of 54 addresses on OAK ST: add the house number/)).toBeTruthy();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().selection).toEqual({
      kind: 'location',
      locationId: 1000000202,
    });
    expect(input.value).toBe('102 OAK ST, SPRINGFIELD, IL 62704');
  });

  it('asks to pick one of several streets, then lists the chosen street’s addresses', async () => {
    const oakPlace = { ...OAK_STREET, name: 'OAK PL', city: 'Auburn', zips: ['62615'] };
    placesAnswer = (q) =>
      q === 'OAK PL, Auburn, IL'
        ? { q, places: [oakPlace], addresses: [onOak(7)], addresscount: 1 }
        : { q, places: [OAK_STREET, oakPlace], addresses: [], addresscount: 0 };
    const input = renderSearch();
    fireEvent.change(input, { target: { value: 'oak' } });
    await screen.findAllByRole('option');
    expect(optionTexts()).toHaveLength(2);
    expect(screen.getByText('Pick a street to list its addresses.')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('OAK PL, Auburn, IL');
    await waitFor(() => expect(optionTexts()[0]).toBe('7 OAK STSPRINGFIELD, IL 62704'));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(placesCalls().at(-1)?.url.searchParams.get('q')).toBe('OAK PL, Auburn, IL');
  });

  it('offers a town or a ZIP code to fly to, without selecting anything', async () => {
    placesAnswer = (q) =>
      q === '62704'
        ? {
            q,
            places: [
              { ...SPRINGFIELD, kind: 'zip', name: '62704', city: 'Springfield', zips: ['62704'] },
            ],
            addresses: [],
            addresscount: 0,
          }
        : { q, places: [SPRINGFIELD], addresses: [], addresscount: 0 };
    const input = renderSearch();
    fireEvent.change(input, { target: { value: 'springfield' } });
    await screen.findAllByRole('option');
    expect(optionTexts()).toEqual(['SpringfieldIL · 2 ZIP codes · 41,234 locationsTown']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().selection).toEqual({ kind: 'none' });
    expect(input.value).toBe('Springfield, IL');
    // The map (outside the top bar, reached through its provider) flies to the town's box.
    expect(map.cameraForBounds).toHaveBeenCalledWith(
      [
        [-89.75, 39.7],
        [-89.55, 39.85],
      ],
      expect.objectContaining({ maxZoom: 14 }),
    );
    expect(map.flyTo).toHaveBeenCalledWith({ center: { lng: -89.65, lat: 39.775 }, zoom: 11.5 });

    fireEvent.change(input, { target: { value: '62704' } });
    await waitFor(() =>
      expect(optionTexts()).toEqual(['62704Springfield, IL · 41,234 locationsZIP code']),
    );
    expect(placesCalls().at(-1)?.url.searchParams.get('q')).toBe('62704');
  });

  it('offers a town’s extent as an area when the service gives its outline', async () => {
    const outline = {
      type: 'Polygon',
      coordinates: [
        [
          [-89.75, 39.7],
          [-89.55, 39.7],
          [-89.55, 39.85],
          [-89.75, 39.7],
        ],
      ],
    };
    placesAnswer = (q) => ({
      q,
      places: [q === 'springfield' ? { ...SPRINGFIELD, outline } : SPRINGFIELD],
      addresses: [],
      addresscount: 0,
    });
    const input = renderSearch();
    // A service without outlines (older, or the field null): nothing to offer.
    fireEvent.change(input, { target: { value: 'springf' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByRole('button', { name: 'Use as area' })).toBeNull();

    fireEvent.change(input, { target: { value: 'springfield' } });
    await waitFor(() =>
      expect(placesCalls().at(-1)?.url.searchParams.get('q')).toBe('springfield'),
    );
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'Enter' });
    // The offer's code is fetched on first use: its words come once it has loaded.
    await screen.findByRole('button', { name: 'Use as area' });
    const offer = screen.getByRole('group', { name: 'Use Springfield, IL as an area' });
    expect(offer.textContent).toContain('The extent of Springfield, IL');
    // The outline may hold a neighbour's locations too, which the search's count includes.
    expect(offer.textContent).toContain('may also hold locations of its neighbours');
    expect(offer.textContent).toContain('the search counts every location inside it');
    expect(offer.textContent).not.toContain('count more');
    fireEvent.click(screen.getByRole('button', { name: 'Use as area' }));
    const s = useAppStore.getState();
    // Kept on the link's grid, so its link counts the same locations (lib/geo/area-on-link-grid).
    expect(s.areas.map((a) => [a.name, a.source, a.geometry])).toEqual([
      ['Springfield, IL', 'place', onLinkGrid(outline as GeoJSON.Polygon)],
    ]);
    expect([s.selectedAreaId, s.mode]).toEqual([s.areas[0]!.id, 'draw']);
    expect(screen.queryByRole('button', { name: 'Use as area' })).toBeNull();
    localStorage.clear();
    s.deleteArea(s.areas[0]!.id);
  });

  it('offers a county found by name as an area: its Census boundary, named by GEOID', async () => {
    const county = {
      kind: 'county',
      name: 'Sangamon County',
      city: null,
      state: 'IL',
      zips: [],
      locationcount: 85000,
      bbox: [-89.99, 39.52, -89.21, 40.0],
      outline: null,
      score: 1,
      geoid: '17167',
    };
    placesAnswer = (q) => ({ q, places: [county], addresses: [], addresscount: 0 });
    const input = renderSearch();
    fireEvent.change(input, { target: { value: 'sangamon co' } });
    await waitFor(() =>
      expect(optionTexts()).toEqual(['Sangamon CountyIL · 85,000 locationsCounty']),
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('Sangamon County, IL');
    // The offer's code is fetched on first use: its words come once it has loaded.
    await screen.findByRole('button', { name: 'Use as area' });
    const offer = screen.getByRole('group', { name: 'Use Sangamon County as an area' });
    expect(offer.textContent).toContain('within its Census boundary');
    // The whole outline is asked of the app server by GEOID (its tiles hold only pieces).
    const others = answer;
    answer = (url) =>
      url.pathname === '/boundaries/counties/17167.json'
        ? {
            type: 'Feature',
            id: '17167',
            properties: { GEOID: '17167', name: 'Sangamon' },
            geometry: squareAround(-89.6, 39.76, 0.2),
          }
        : others(url);
    fireEvent.click(screen.getByRole('button', { name: 'Use as area' }));
    await waitFor(() => expect(useAppStore.getState().areas).toHaveLength(1));
    expect(calls.map((c) => c.url.pathname)).toContain('/boundaries/counties/17167.json');
    const s = useAppStore.getState();
    const [area] = s.areas;
    expect([area!.name, area!.source, area!.geoid, area!.geometry.type]).toEqual([
      'Sangamon County',
      'county',
      '17167',
      'Polygon',
    ]);
    expect([s.selectedAreaId, s.mode]).toEqual([area!.id, 'draw']);
    localStorage.clear();
    s.deleteArea(area!.id);
  });

  it('locates coordinates as a map click does, with no request', async () => {
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '-89.6319, 39.7825' } });
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        '39.78250, -89.63190Read as longitude, latitude. Go there and find the locationPosition',
      ]),
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().selection).toMatchObject({
      kind: 'point',
      lat: 39.7825,
      lng: -89.6319,
    });
    expect(map.flyTo).toHaveBeenCalledWith({ center: [-89.6319, 39.7825], zoom: 17 });
    expect(calls).toHaveLength(0);
  });

  it('says what to type instead of out-of-range coordinates or bare digits', async () => {
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '95.5, 200.1' } });
    expect(await screen.findByText(/latitude must be within ±90/)).toBeTruthy();
    fireEvent.change(input, { target: { value: '6270' } });
    expect(
      await screen.findByText(/neither a ZIP code \(5 digits\) nor a location ID/),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says what to do when nothing is called so, and when the service has no places', async () => {
    const input = renderSearch();
    fireEvent.change(input, { target: { value: 'Nowhere Lane' } });
    expect(
      await screen.findByText(/No town, ZIP code, street, county or state called “Nowhere Lane”/),
    ).toBeTruthy();
    expect(screen.getByText(/start with the house number \(match needs one\)/)).toBeTruthy();

    // A backend whose capabilities don't list places (a service upstream) is never asked.
    act(() => client.setQueryData(healthQueryOptions().queryKey, healthOf(false)));
    const asked = placesCalls().length;
    fireEvent.change(input, { target: { value: 'Elm Street' } });
    expect(
      await screen.findByText(/Town, street and county search needs the reference service/),
    ).toBeTruthy();
    expect(screen.getByText(/match needs a house number/)).toBeTruthy();
    expect(placesCalls()).toHaveLength(asked);
  });
});
