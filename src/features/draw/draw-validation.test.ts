import { describe, expect, it, vi } from 'vitest';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import counties10m from 'us-atlas/counties-10m.json';
import states10m from 'us-atlas/states-10m.json';
import { checkNow, checkOnClose, boundaryRefusal, refusalMessage } from './draw-validation';

const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ],
  ],
};
const bowtie: Polygon = {
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
};

describe('draw validation', () => {
  it('refuses a self-intersecting ring when it closes and reports why', () => {
    const report = vi.fn();
    const check = checkOnClose({ geometry: bowtie }, 'finish', report);
    expect(check.valid).toBe(false);
    expect(check.reason).toMatch(/crosses itself/);
    expect(report).toHaveBeenCalledWith(check.reason);
  });

  it('lets an unfinished ring cross on the way and accepts a simple one', () => {
    const report = vi.fn();
    expect(checkOnClose({ geometry: bowtie }, 'commit', report).valid).toBe(true);
    expect(checkOnClose({ geometry: square }, 'finish', report).valid).toBe(true);
    expect(checkNow({ geometry: square }, report).valid).toBe(true);
    expect(report).not.toHaveBeenCalled();
  });

  it('checks every vertex move while editing', () => {
    const report = vi.fn();
    expect(checkNow({ geometry: bowtie }, report).valid).toBe(false);
    expect(report).toHaveBeenCalledOnce();
  });

  it('says what to do next', () => {
    expect(refusalMessage('Ring 1 crosses itself.')).toBe(
      'That shape was not kept: Ring 1 crosses itself. Draw it again without crossing edges.',
    );
  });
});

describe('boundaryRefusal', () => {
  const topology = counties10m as unknown as Topology<{ counties: GeometryCollection }>;
  const outline = (geoid: string) =>
    feature(topology, topology.objects.counties).features.find((f) => f.id === geoid)!.geometry as
      Polygon | MultiPolygon;

  it('accepts a county whose Census outline passes the area rules (Sangamon)', () => {
    expect(boundaryRefusal('Sangamon County', outline('17167'))).toBeNull();
  });

  it('accepts one whose outline only repeats a vertex, as the service does (Mohave)', () => {
    expect(boundaryRefusal('Mohave County', outline('04015'))).toBeNull();
  });

  it('refuses one whose simplified outline crosses itself (Park, WY), saying what to do', () => {
    expect(boundaryRefusal('Park County', outline('56029'))).toBe(
      'The outline of Park County cannot be used as an area: Ring 1 crosses itself in the simplified Census boundary. Draw the area with a tool or import a GeoJSON outline instead.',
    );
  });
});

describe('boundaryRefusal for a state', () => {
  const topology = states10m as unknown as Topology<{ states: GeometryCollection }>;
  const outline = (geoid: string) =>
    feature(topology, topology.objects.states).features.find((f) => f.id === geoid)!.geometry as
      Polygon | MultiPolygon;

  it('accepts a state whose Census outline passes the area rules (Illinois)', () => {
    expect(boundaryRefusal('Illinois', outline('17'))).toBeNull();
  });

  it('refuses one whose simplified outline crosses itself (Oregon), saying what to do', () => {
    expect(boundaryRefusal('Oregon', outline('41'))).toBe(
      'The outline of Oregon cannot be used as an area: Ring 1 crosses itself in the simplified Census boundary. Draw the area with a tool or import a GeoJSON outline instead.',
    );
  });
});
