// The workflows against the reference service over the fixture fabric, through real HTTP:
// default vintages, click → locate → selection, and the click-to-panel clock.
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FIXTURE_POINTS,
  FIXTURE_VINTAGES,
  fixtureLngLat,
} from '../../server/service/testing/fixture-fabric';
import type { QueryClient } from '@tanstack/react-query';
import { markPanelComplete } from '../features/location-panel/click-timing';
import { locationPartQueries } from '../features/location-panel/location-parts';
import { locateKeys } from '../queries/keys';
import { startFixtureService } from '../queries/testing/fixture-service';
import { renderQueryHook } from '../queries/testing/render-with-client';
import type { TestServer } from '../queries/testing/serve-for-test';
import { useAppStore } from '../state/store';
import { useWorkflows } from './use-workflows';

const NEWEST_FABRIC = FIXTURE_VINTAGES.at(-1)!;
let service: TestServer;
let coverageVintages: string[];

beforeAll(async () => {
  service = await startFixtureService();
  // What the service publishes, read straight from it rather than through the app's client.
  const res = await fetch(`${service.baseUrl}/coverage/vintages?type=bdc`);
  coverageVintages = (await res.json()) as string[];
});
afterAll(() => service.close());

beforeEach(() => {
  useAppStore.setState({
    fabricVintage: null,
    coverageVintage: null,
    selection: { kind: 'none' },
    parceldistancem: 500,
    neardistancem: 50,
  });
  performance.clearMarks();
  performance.clearMeasures();
});

function click(point: { x: number; y: number }, pointedAt?: number) {
  const [lng, lat] = fixtureLngLat(point.x, point.y);
  act(() => useAppStore.getState().selectPoint(lng, lat, pointedAt));
  return { lng, lat };
}

describe('vintages workflow', () => {
  it('stores the newest fabric and coverage vintages once the service lists them', async () => {
    renderQueryHook(() => useWorkflows());
    await waitFor(() => expect(useAppStore.getState().fabricVintage).toBe(NEWEST_FABRIC));
    await waitFor(() =>
      expect(useAppStore.getState().coverageVintage).toBe(coverageVintages.toSorted().at(-1)),
    );
  });

  it("keeps a linked vintage the service lists and replaces one it doesn't", async () => {
    useAppStore.setState({ fabricVintage: FIXTURE_VINTAGES[1], coverageVintage: '199901' });
    const { client } = renderQueryHook(() => useWorkflows());
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(useAppStore.getState().coverageVintage).toBe(coverageVintages.toSorted().at(-1));
    expect(useAppStore.getState().fabricVintage).toBe(FIXTURE_VINTAGES[1]);
  });
});

describe('locate workflow', () => {
  it('turns a located click into the selected location, keeping the click', async () => {
    renderQueryHook(() => useWorkflows());
    const at = click(FIXTURE_POINTS.footprintParcel);
    await waitFor(() =>
      expect(useAppStore.getState().selection).toEqual({
        kind: 'location',
        locationId: FIXTURE_POINTS.footprintParcel.expect!.location_id,
        click: at,
      }),
    );
    expect(useAppStore.getState().fabricVintage).toBe(NEWEST_FABRIC);
  });

  it('selects the last of two quick clicks', async () => {
    useAppStore.setState({ fabricVintage: NEWEST_FABRIC });
    renderQueryHook(() => useWorkflows());
    click(FIXTURE_POINTS.footprintParcel);
    const last = click(FIXTURE_POINTS.footprint);
    await waitFor(() => expect(useAppStore.getState().selection.kind).toBe('location'));
    expect(useAppStore.getState().selection).toEqual({
      kind: 'location',
      locationId: FIXTURE_POINTS.footprint.expect!.location_id,
      click: last,
    });
  });

  it('leaves a click with no location within reach as a point', async () => {
    useAppStore.setState({ fabricVintage: NEWEST_FABRIC });
    const { client } = renderQueryHook(() => useWorkflows());
    const at = click(FIXTURE_POINTS.nowhere);
    const key = locateKeys.point(NEWEST_FABRIC, at.lat, at.lng, 500, 50);
    await waitFor(() => expect(client.getQueryState(key)?.status).toBe('success'));
    expect(client.getQueryData(key)).toEqual([]);
    expect(useAppStore.getState().selection.kind).toBe('point');
  });
});

describe('a click on a drawn dot', () => {
  const located = FIXTURE_POINTS.footprintParcel.expect!.location_id;
  /** The panel's parts of that location, as the query cache holds them. */
  const partStates = (client: QueryClient, coverage: string) =>
    locationPartQueries(NEWEST_FABRIC, coverage, located).map(
      (q) => client.getQueryState(q.queryKey)?.status,
    );

  it("fetches the dot's panel parts beside the locate, before it answers", async () => {
    const coverage = coverageVintages.toSorted().at(-1)!;
    useAppStore.setState({ fabricVintage: NEWEST_FABRIC, coverageVintage: coverage });
    const { client } = renderQueryHook(() => useWorkflows());
    // Far from any location: its locate answers none, so only the dot can have asked for them.
    click(FIXTURE_POINTS.nowhere, located);
    await waitFor(() => expect(partStates(client, coverage)).toEqual(Array(4).fill('success')));
    expect(useAppStore.getState().selection.kind).toBe('point');
  });

  it('fetches nothing ahead for a click that is not on a dot', async () => {
    const coverage = coverageVintages.toSorted().at(-1)!;
    useAppStore.setState({ fabricVintage: NEWEST_FABRIC, coverageVintage: coverage });
    const { client } = renderQueryHook(() => useWorkflows());
    const at = click(FIXTURE_POINTS.nowhere);
    const key = locateKeys.point(NEWEST_FABRIC, at.lat, at.lng, 500, 50);
    await waitFor(() => expect(client.getQueryState(key)?.status).toBe('success'));
    expect(partStates(client, coverage)).toEqual(Array(4).fill(undefined));
  });
});

describe('click timing workflow', () => {
  const measures = () => performance.getEntriesByName('location:click-to-panel', 'measure');

  it('starts the clock on a click, so the panel can stop it once', () => {
    renderQueryHook(() => useWorkflows());
    click(FIXTURE_POINTS.nowhere);
    expect(performance.getEntriesByName('location:click', 'mark')).toHaveLength(1);
    markPanelComplete();
    markPanelComplete();
    expect(measures()).toHaveLength(1);
  });

  it('does not time a location chosen without a click (search, link)', () => {
    renderQueryHook(() => useWorkflows());
    click(FIXTURE_POINTS.nowhere);
    act(() => useAppStore.getState().selectLocation(1000000001));
    markPanelComplete();
    expect(measures()).toHaveLength(0);
  });
});
