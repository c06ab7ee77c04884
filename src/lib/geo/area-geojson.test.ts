import { describe, expect, it } from 'vitest';
import { EXPECTED_AREA, parseAreaGeoJson, parseAreaText } from './area-geojson';

const ring = [
  [-89.7, 39.7],
  [-89.6, 39.7],
  [-89.6, 39.8],
  [-89.7, 39.8],
  [-89.7, 39.7],
];
const polygon = { type: 'Polygon', coordinates: [ring] };

describe('parseAreaGeoJson', () => {
  it('accepts a Polygon, a Feature of one and a FeatureCollection of several', () => {
    expect(parseAreaGeoJson(polygon)).toEqual({ ok: true, geometry: polygon });
    expect(parseAreaGeoJson({ type: 'Feature', properties: {}, geometry: polygon })).toEqual({
      ok: true,
      geometry: polygon,
    });
    const shifted = ring.map(([x, y]) => [x! + 1, y!]);
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: null, geometry: polygon },
        {
          type: 'Feature',
          properties: null,
          geometry: { type: 'MultiPolygon', coordinates: [[shifted]] },
        },
      ],
    };
    expect(parseAreaGeoJson(collection)).toEqual({
      ok: true,
      geometry: { type: 'MultiPolygon', coordinates: [[ring], [shifted]] },
    });
  });

  it('says what was expected when given something else', () => {
    const point = parseAreaGeoJson({ type: 'Point', coordinates: [-89.6, 39.7] });
    expect(point).toEqual({ ok: false, message: `The document is a Point. ${EXPECTED_AREA}` });
    const line = parseAreaGeoJson({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [] } }],
    });
    expect(line.ok).toBe(false);
    if (!line.ok) expect(line.message).toContain('LineString');
  });

  it('refuses rings the service would refuse, naming the rule', () => {
    const open = parseAreaGeoJson({ type: 'Polygon', coordinates: [ring.slice(0, 4)] });
    expect(open.ok || open.message).toMatch(/not closed/);
    const bowtie = parseAreaGeoJson({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    });
    expect(bowtie.ok || bowtie.message).toMatch(/crosses itself/);
    const outOfRange = parseAreaGeoJson({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [200, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(outOfRange.ok || outOfRange.message).toMatch(/out of range/);
  });

  it('reports text that is not JSON', () => {
    expect(parseAreaText('not json')).toEqual({
      ok: false,
      message: `The file is not valid JSON. ${EXPECTED_AREA}`,
    });
  });
});
