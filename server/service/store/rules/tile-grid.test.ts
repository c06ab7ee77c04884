// The hexagon resolution by zoom (docs/SERVICE.md, fixed hexagons): none below the state view,
// res 5 at state zoom, 6 and 7 towards the county, 8 at town zoom, locations from street zoom;
// and a cell a few tens of pixels wide at each level's tile zooms.
import { getHexagonAreaAvg } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { FIXED_LOCATION_MIN_ZOOM, HEX_MIN_ZOOM, HEX_RESOLUTIONS, hexResolution } from './tile-grid';

/** Width in CSS pixels of an average cell at res, at zoom z and latitude 40° (512-px tiles). */
function cellPixels(res: number, z: number): number {
  const side = Math.sqrt((2 * getHexagonAreaAvg(res, 'km2') * 1000 ** 2) / (3 * Math.sqrt(3)));
  const metresPerPixel = (40_075_016.686 * Math.cos((40 * Math.PI) / 180)) / (512 * 2 ** z);
  return (Math.sqrt(3) * side) / metresPerPixel;
}

describe('hexResolution', () => {
  it('answers res 5 at zoom 5-6, 6 at 7-8, 7 at 9-10, 8 at 11-12, none elsewhere', () => {
    const byZoom = Array.from({ length: 17 }, (_, z) => hexResolution(z));
    // Zoom 0 to 16.
    const want = [null, null, null, null, null, 5, 5, 6, 6, 7, 7, 8, 8, null, null, null, null];
    expect(byZoom).toEqual(want);
    expect(HEX_MIN_ZOOM).toBe(5);
    expect(byZoom.indexOf(null, HEX_MIN_ZOOM)).toBe(FIXED_LOCATION_MIN_ZOOM);
    expect(new Set(byZoom.filter((r) => r !== null))).toEqual(new Set(HEX_RESOLUTIONS));
  });

  it('keeps a cell about 10 to 40 px wide at the zooms of res 5, 6 and 7', () => {
    for (let z = 5; z <= 10; z++) {
      const res = hexResolution(z);
      expect(res, `zoom ${z}`).not.toBeNull();
      const px = cellPixels(res!, z);
      expect(px, `zoom ${z}`).toBeGreaterThan(8);
      expect(px, `zoom ${z}`).toBeLessThan(45);
    }
  });
});
