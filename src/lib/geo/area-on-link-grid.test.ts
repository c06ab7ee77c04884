import { describe, expect, it } from 'vitest';
import { decodeArea, encodeArea } from './area-code';
import { onLinkGrid } from './area-on-link-grid';

// A drawn rectangle's corners as the map gives them: far finer than the link's 1e-5°.
const drawn: GeoJSON.Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-89.6500012345, 39.7800049999],
      [-89.6400087654, 39.7800049999],
      [-89.6400087654, 39.7900061234],
      [-89.6500012345, 39.7900061234],
      [-89.6500012345, 39.7800049999],
    ],
  ],
};

describe('an outline on the link grid', () => {
  it('is exactly what its link reads back, so sender and recipient count the same locations', () => {
    const kept = onLinkGrid(drawn);
    const opened = decodeArea(encodeArea(kept));
    expect(opened.ok && opened.geometry).toEqual(kept);
    expect(kept).not.toEqual(drawn);
    expect(onLinkGrid(kept)).toEqual(kept);
  });
});
