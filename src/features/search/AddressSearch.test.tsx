// The search combobox against a fake service: debouncing, cancelling, choosing, ids, messages.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../queries/testing/render-with-client';
import { useAppStore } from '../../state/store';
import { AddressSearch } from './AddressSearch';

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

beforeEach(() => {
  calls = [];
  answer = (url) =>
    url.pathname.endsWith('/match')
      ? { text: url.searchParams.get('text'), parsed: {}, matchcount: 2, locations: [OAK, ELM] }
      : [{ location_id: OAK.location_id, uuid: OAK.uuid }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://test');
      calls.push({ url, signal: init?.signal ?? undefined });
      return json(answer(url));
    }),
  );
  useAppStore.setState({ fabricVintage: VINTAGE, selection: { kind: 'none' } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSearch() {
  const client = createTestQueryClient();
  render(
    <QueryClientProvider client={client}>
      <AddressSearch />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search address' }) as HTMLInputElement;
}

const matchCalls = () => calls.filter((c) => c.url.pathname.endsWith('/match'));

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
    fireEvent.change(input, { target: { value: 'Eiffel Tower' } });
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
});
