import { describe, expect, it } from 'vitest';
import {
  CLICK_ZOOM_IN_TO,
  HEX_CLICK_MIN_ZOOM,
  LOCATE_CLICK_MIN_ZOOM,
  routeClick,
} from './route-click';

describe('routeClick', () => {
  it('ignores clicks in draw mode, whatever the layers', () => {
    expect(routeClick({ mode: 'draw', mobileLayerOn: true, zoom: 15 })).toEqual({ kind: 'ignore' });
    expect(
      routeClick({ mode: 'draw', mobileLayerOn: false, zoom: 10, overLocation: true }),
    ).toEqual({ kind: 'ignore' });
  });

  it('selects a hexagon only with the mobile layer on and zoomed in', () => {
    expect(routeClick({ mode: 'inspect', mobileLayerOn: true, zoom: HEX_CLICK_MIN_ZOOM })).toEqual({
      kind: 'hex',
    });
    expect(
      routeClick({ mode: 'inspect', mobileLayerOn: true, zoom: HEX_CLICK_MIN_ZOOM - 0.01 }),
    ).toEqual({ kind: 'zoom-in', zoom: CLICK_ZOOM_IN_TO });
  });

  it('locates the location pointed at, over a mobile hexagon too', () => {
    expect(
      routeClick({ mode: 'inspect', mobileLayerOn: true, zoom: 15, overLocation: true }),
    ).toEqual({ kind: 'point' });
    expect(
      routeClick({ mode: 'inspect', mobileLayerOn: false, zoom: 11, overLocation: true }),
    ).toEqual({ kind: 'point' });
  });

  it('locates a point at street zoom when the mobile layer is off', () => {
    expect(routeClick({ mode: 'inspect', mobileLayerOn: false, zoom: 17 })).toEqual({
      kind: 'point',
    });
    expect(
      routeClick({ mode: 'inspect', mobileLayerOn: false, zoom: LOCATE_CLICK_MIN_ZOOM }),
    ).toEqual({ kind: 'point' });
  });

  it('zooms in on a click at county zoom instead of locating nothing within 50 m', () => {
    expect(
      routeClick({ mode: 'inspect', mobileLayerOn: false, zoom: LOCATE_CLICK_MIN_ZOOM - 0.01 }),
    ).toEqual({ kind: 'zoom-in', zoom: CLICK_ZOOM_IN_TO });
  });
});
