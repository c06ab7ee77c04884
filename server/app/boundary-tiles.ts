// The Census county and state boundaries as vector tiles, so the map fetches the pieces its view
// shows rather than the whole country (about 1 MB) before the first view. Cut with the same
// libraries and extent as the service's fixed tiles (tile-grid.ts), from the same shipped file
// and repaired outlines as libgetgeo (service/routes/boundaries.ts), so an outline drawn and
// the one fetched for an area agree. Layers: `counties` and `states` (polygons with `geoid`,
// `name`; counties also `label` and `state`, the state's name) and `county_labels` (one point
// per county, so a county split across tiles is labelled once).
import geojsonvt from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import { countyLabel, largestRingCentroid } from '../../shared/county-label';
import { everyBoundary } from '../service/routes/boundaries';
import { TILE_EXTENT } from '../service/store/rules/tile-grid';

/**
 * Past zoom 10 the 1:10,000,000 lines have no more detail to give: the map overzooms the
 * zoom-10 tiles, and no tile deeper is cut.
 */
export const BOUNDARY_MAX_ZOOM = 10;

type Index = ReturnType<typeof geojsonvt>;
let indexes: Record<string, Index> | null = null;

function buildIndexes(): Record<string, Index> {
  const states = everyBoundary('states');
  const stateName = new Map(states.map((s) => [s.id, s.properties.name]));
  // A county too small for the 1:10,000,000 file (Falls Church, Virginia) has no outline.
  const counties = everyBoundary('counties').filter((c) => c.geometry.coordinates.length > 0);
  const layer = (features: GeoJSON.Feature[]) =>
    geojsonvt(
      { type: 'FeatureCollection', features },
      { maxZoom: BOUNDARY_MAX_ZOOM, extent: TILE_EXTENT, buffer: 64 },
    );
  return {
    counties: layer(
      counties.map((c) => ({
        type: 'Feature',
        geometry: c.geometry,
        properties: {
          geoid: c.id,
          name: c.properties.name,
          label: countyLabel(c.properties.name, c.id),
          state: stateName.get(c.id.slice(0, 2)) ?? '',
        },
      })),
    ),
    states: layer(
      states.map((s) => ({
        type: 'Feature',
        geometry: s.geometry,
        properties: { geoid: s.id, name: s.properties.name },
      })),
    ),
    county_labels: layer(
      counties.map((c) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: largestRingCentroid(c.geometry) },
        properties: { geoid: c.id, label: countyLabel(c.properties.name, c.id) },
      })),
    ),
  };
}

/** Builds the index now (the app server's start), so no request waits for it. */
export function warmBoundaryTiles(): Record<string, Index> {
  indexes ??= buildIndexes();
  return indexes;
}

/** Tile (z, x, y) as MVT bytes; z at most BOUNDARY_MAX_ZOOM, x and y inside the zoom's grid. */
export function boundaryTile(z: number, x: number, y: number): Uint8Array {
  // Built at start or on the first tile asked (seconds), then kept: tiles are cut on demand.
  const built = warmBoundaryTiles();
  const layers: Record<string, NonNullable<ReturnType<Index['getTile']>>> = {};
  for (const [name, index] of Object.entries(built)) {
    const tile = index.getTile(z, x, y);
    if (tile && tile.features.length > 0) layers[name] = tile;
  }
  return fromGeojsonVt(layers, { version: 2, extent: TILE_EXTENT });
}
