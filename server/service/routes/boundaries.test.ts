import { area as turfArea } from '@turf/turf';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { areaFromGeoJson } from '../http/area';
import { boundaryFeature } from './boundaries';

const atlas = createRequire(import.meta.url)('us-atlas/counties-10m.json') as Topology<{
  counties: GeometryCollection;
  states: GeometryCollection;
}>;

describe('boundaryFeature', () => {
  it('gives a county and a state with their GEOID and name', () => {
    expect(boundaryFeature('counties', '17167')).toMatchObject({
      type: 'Feature',
      id: '17167',
      properties: { GEOID: '17167', name: 'Sangamon' },
      geometry: { type: 'Polygon' },
    });
    expect(boundaryFeature('states', '17')?.properties).toEqual({ GEOID: '17', name: 'Illinois' });
    expect(boundaryFeature('counties', '17999')).toBeNull();
    expect(boundaryFeature('states', '17167')).toBeNull();
  });

  it('gives every us-atlas boundary in a form the area checks accept, covering what the atlas does', () => {
    const refused: string[] = [];
    const drift: string[] = [];
    for (const kind of ['counties', 'states'] as const) {
      for (const g of atlas.objects[kind].geometries) {
        const id = String(g.id);
        const f = boundaryFeature(kind, id)!;
        try {
          areaFromGeoJson(f);
        } catch (err) {
          refused.push(`${kind} ${id}: ${(err as Error).message}`);
        }
        // Repairs only remove slivers: the area stays within 0.1% of the atlas's.
        const original = turfArea(feature(atlas, g));
        if (Math.abs(turfArea(f) - original) > original * 1e-3) drift.push(`${kind} ${id}`);
      }
    }
    expect(refused).toEqual([]);
    expect(drift).toEqual([]);
  });
});
