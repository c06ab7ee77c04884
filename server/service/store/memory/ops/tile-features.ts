// GeoJSON features of one tile's area, per layer, picked from the spatial indexes: only what a
// tile needs is ever turned into objects, so a million-location fabric never lives as GeoJSON.
import type Flatbush from 'flatbush';
import { COORD_SCALE, type PackedGeometry, firstPart } from '../../fabric';
import { forEachPresentPoint, type FabricIndex } from '../fabric-index';
import { ROAD_CLASS, type BBox } from '../../rules/tile-grid';

function rings(g: PackedGeometry, f: number): GeoJSON.Position[][] {
  const out: GeoJSON.Position[][] = [];
  for (let p = firstPart(g, f); p < firstPart(g, f + 1); p++) {
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

/**
 * A city as a label: each run of letters and digits capitalised, the rest lower case
 * ("NEW BERLIN" → "New Berlin", "O'FALLON" → "O'Fallon"), as PostgreSQL's initcap writes it.
 */
export function townLabelName(city: string): string {
  return city.replace(/[A-Za-z0-9]+/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
}

/** The median of values (the lower middle for an even count, as percentile_disc(0.5) picks). */
function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[Math.ceil(values.length / 2) - 1];
}

const townMemo = new WeakMap<FabricIndex, GeoJSON.Feature[][]>();

/**
 * One label point per city of vintage vi, derived from the fabric's own fields as any store can:
 * the city's lowest ZIP (a city with several, Springfield, is labelled once, where its lowest
 * ZIP, the historic centre, is), at the median longitude and latitude of the vintage's
 * locations with that city and ZIP. Cities in ZIP order.
 */
export function townFeatures(ix: FabricIndex, vi: number): GeoJSON.Feature[] {
  let perVintage = townMemo.get(ix);
  if (!perVintage) townMemo.set(ix, (perVintage = []));
  const known = perVintage[vi];
  if (known) return known;
  const { locations: loc, towns } = ix.fabric;
  const lowest = new Map<string, string>(); // city → its lowest ZIP
  const points = new Map<string, { lng: number[]; lat: number[] }>(); // "city/zip" → points
  const bit = 1 << vi;
  for (let i = 0; i < loc.count; i++) {
    if (!(loc.presence[i] & bit)) continue;
    const town = towns[loc.town[i]];
    const city = town.name.toUpperCase();
    const zip = lowest.get(city);
    if (zip === undefined || town.zip < zip) lowest.set(city, town.zip);
    const key = `${city}/${town.zip}`;
    let p = points.get(key);
    if (!p) points.set(key, (p = { lng: [], lat: [] }));
    p.lng.push(loc.lng[i]);
    p.lat.push(loc.lat[i]);
  }
  const labels = [...lowest]
    .sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([city, zip]): GeoJSON.Feature => {
      const p = points.get(`${city}/${zip}`)!;
      return {
        type: 'Feature',
        properties: { name: townLabelName(city), zip },
        geometry: { type: 'Point', coordinates: [median(p.lng), median(p.lat)] },
      };
    });
  perVintage[vi] = labels;
  return labels;
}
