import { describe, expect, it } from 'vitest';
import { HEX_CLICK_MIN_ZOOM, routeClick } from './route-click';

describe('routeClick', () => {
  it('ignores clicks in draw mode, whatever the layers', () => {
    expect(routeClick({ mode: 'draw', mobileLayerOn: true, zoom: 15 })).toEqual({ kind: 'ignore' });
    expect(routeClick({ mode: 'draw', mobileLayerOn: false, zoom: 10 })).toEqual({
      kind: 'ignore',
    });
  });

  it('selects a hexagon only with the mobile layer on and zoomed in', () => {
    expect(routeClick({ mode: 'inspect', mobileLayerOn: true, zoom: HEX_CLICK_MIN_ZOOM })).toEqual({
      kind: 'hex',
    });
    expect(
      routeClick({ mode: 'inspect', mobileLayerOn: true, zoom: HEX_CLICK_MIN_ZOOM - 0.01 }),
    ).toEqual({
      kind: 'point',
    });
  });

  it('locates a point when the mobile layer is off', () => {
    expect(routeClick({ mode: 'inspect', mobileLayerOn: false, zoom: 17 })).toEqual({
      kind: 'point',
    });
  });
});
