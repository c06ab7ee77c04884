// A flight asked of the map through its provider: flown at once, or once the map has loaded.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFlyTo, type Flight } from './fly-to';
import { MapProvider, useSetMapInstance } from './map-context';

const town: Flight = { kind: 'bounds', bbox: [-89.75, 39.7, -89.55, 39.85], maxZoom: 14 };
const point: Flight = { kind: 'point', lng: -89.63, lat: 39.78, minZoom: 17 };

/** The camera the fake map finds for a box. */
const fitted = { center: { lng: -89.65, lat: 39.775 }, zoom: 11.5, bearing: 0 };

function fakeMap(zoom: number) {
  const moves = { flyTo: vi.fn(), cameraForBounds: vi.fn(() => fitted) };
  const map = {
    ...moves,
    getZoom: () => zoom,
    getContainer: () => ({ clientWidth: 1280, clientHeight: 800 }),
    getPadding: () => ({ top: 0, bottom: 0, left: 0, right: 0 }),
  };
  return { moves, map: map as unknown as MapLibreMap };
}

/** A part that flies the map, under the provider MapView hands its map to. */
function mount() {
  const { result } = renderHook(() => ({ fly: useFlyTo(), setMap: useSetMapInstance() }), {
    wrapper: MapProvider,
  });
  return {
    fly: (flight: Flight) => result.current.fly(flight),
    setMap: (map: MapLibreMap | null) => act(() => result.current.setMap(map)),
  };
}

afterEach(cleanup);

describe('useFlyTo', () => {
  it.each([
    [12, 17],
    [18, 18],
  ])('flies a loaded map at once to a point, at zoom %i to at least its zoom (%i)', (at, to) => {
    const ui = mount();
    const { moves, map } = fakeMap(at);
    ui.setMap(map);
    ui.fly(point);
    expect(moves.flyTo).toHaveBeenCalledWith({ center: [-89.63, 39.78], zoom: to });
  });

  it('fits a loaded map at once to a box, no closer than its zoom', () => {
    const ui = mount();
    const { moves, map } = fakeMap(12);
    ui.setMap(map);
    ui.fly(town);
    // In the part of the map its padding leaves (the cover), 48 px clear of its edges.
    expect(moves.cameraForBounds).toHaveBeenCalledWith(
      [
        [-89.75, 39.7],
        [-89.55, 39.85],
      ],
      { padding: 48, maxZoom: 14 },
    );
    expect(moves.flyTo).toHaveBeenCalledWith(fitted);
  });

  it('flies the latest flight asked before the map loaded, once it has', () => {
    const ui = mount();
    ui.fly(point);
    ui.fly(town);
    const { moves, map } = fakeMap(5);
    ui.setMap(map);
    expect(moves.flyTo).toHaveBeenCalledTimes(1);
    expect(moves.flyTo).toHaveBeenCalledWith(fitted);
    // Flown once: the map coming back (or anything re-rendering) does not fly it again.
    ui.setMap(null);
    ui.setMap(map);
    expect(moves.flyTo).toHaveBeenCalledTimes(1);
  });
});
