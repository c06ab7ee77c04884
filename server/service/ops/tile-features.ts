// GeoJSON features of one tile's area, per layer, picked from the spatial indexes: only what a
// tile needs is ever turned into objects, so a million-location fabric never lives as GeoJSON.
import type Flatbush from 'flatbush';
import { COORD_SCALE, type PackedGeometry } from '../store/fabric';
import { forEachPresentPoint, type FabricIndex } from '../store/memory/fabric-index';

export type BBox = [number, number, number, number];

/** Road classes as the map styles name them (fabric roadClass 0..3). */
export const ROAD_CLASS = ['minor', 'arterial', 'collector', 'primary'] as const;

function rings(g: PackedGeometry, f: number): GeoJSON.Position[][] {
  const out: GeoJSON.Position[][] = [];
  for (let p = g.partStart[f]; p < g.partStart[f + 1]; p++) {
    const ring: GeoJSON.Position[] = [];
    for (let v = g.vertexStart[p]; v < g.vertexStart[p + 1]; v++)
      ring.push([g.xy[2 * v] / COORD_SCALE, g.xy[2 * v + 1] / COORD_SCALE]);
    out.push(ring);
  }
  return out;
}

function search(tree: Flatbush | null, [a, b, c, d]: BBox): number[] {
  return tree ? tree.search(a, b, c, d) : [];
}

export function roadFeatures(ix: FabricIndex, tree: Flatbush | null, box: BBox): GeoJSON.Feature[] {
  const { geometry, name, roadClass } = ix.fabric.roads;
  return search(tree, box).map((r) => ({
    type: 'Feature',
    properties: { name: name[r], class: ROAD_CLASS[roadClass[r]] ?? 'minor' },
    geometry: { type: 'MultiLineString', coordinates: rings(geometry, r) },
  }));
}

export function parcelFeatures(ix: FabricIndex, vi: number, box: BBox): GeoJSON.Feature[] {
  const g = ix.fabric.parcels.geometry;
  return search(ix.parcelTree, box).map((p) => ({
    type: 'Feature',
    properties: { uuid: ix.uuids.encode({ layer: 1, vintageIndex: vi, feature: p }) },
    geometry: { type: 'Polygon', coordinates: rings(g, p) },
  }));
}

export function footprintFeatures(ix: FabricIndex, vi: number, box: BBox): GeoJSON.Feature[] {
  const g = ix.fabric.footprints.geometry;
  return search(ix.footprintTree, box).map((f) => ({
    type: 'Feature',
    properties: { uuid: ix.uuids.encode({ layer: 2, vintageIndex: vi, feature: f }) },
    geometry: { type: 'Polygon', coordinates: rings(g, f) },
  }));
}

/** Locations present in vintage vi inside the box (kd-tree range query). */
export function locationFeatures(ix: FabricIndex, vi: number, box: BBox): GeoJSON.Feature[] {
  const { locations: loc, codes } = ix.fabric;
  const out: GeoJSON.Feature[] = [];
  forEachPresentPoint(ix, vi, box, (i, lng, lat) => {
    out.push({
      type: 'Feature',
      properties: {
        location_id: loc.locationId[i],
        building_type_code: codes.buildingType[loc.buildingType[i]] ?? '',
        unit_count: loc.unitCount[i],
      },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    });
  });
  return out;
}

export function townFeatures(ix: FabricIndex): GeoJSON.Feature[] {
  // One label point per town name: a city with several ZIPs (Springfield) is labelled once,
  // at its lowest ZIP, which is the historic centre.
  const towns = ix.fabric.towns
    .toSorted((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0))
    .filter((t, i, all) => all.findIndex((u) => u.name === t.name) === i);
  return towns.map((t) => ({
    type: 'Feature',
    properties: { name: t.name, zip: t.zip },
    geometry: { type: 'Point', coordinates: [t.lng, t.lat] },
  }));
}
