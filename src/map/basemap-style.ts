// The default style, built in code so it works with no network: Census boundaries as the app
// server's vector tiles (the pieces in view) and labels from local fonts. The demo fabric is added later (use-fabric-layers.ts)
// because its tiles depend on the vintage and exist only on the embedded backend.
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { BOUNDARIES_ATTRIBUTION } from './attribution';
import { SOURCE, LAYER } from './ids';
import { FONT_FILES, MAP_COLORS } from './layers/colors';
import {
  countyFillLayer,
  countyLabelLayer,
  countyLineLayer,
  stateLineLayer,
} from './layers/boundaries';

/** Deeper, the map overzooms (BOUNDARY_MAX_ZOOM on the app server). */
const BOUNDARY_MAX_ZOOM = 10;

/**
 * The app server's boundary tiles (docs/SERVICE.md), beside /api under the page's base; absolute,
 * as MapLibre's worker has no page to resolve a path against.
 */
function boundaryTilesUrl(baseUri: string): string {
  return `${new URL('boundaries/tiles/', baseUri).href}{z}/{x}/{y}.pbf`;
}

/** An invisible layer that marks a position in the stack for layers added later. */
function slot(id: string): LayerSpecification {
  return { id, type: 'background', layout: { visibility: 'none' } };
}

/** Shipped font files by name, as absolute URLs (resolved against the page, so any base works). */
export function fontFaces(baseUri: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, path]) => [name, new URL(path, baseUri).href]),
  );
}

export function buildBasemapStyle(baseUri: string = document.baseURI): StyleSpecification {
  return {
    version: 8,
    // No `glyphs` URL: labels are drawn from the shipped font files, no glyph server needed.
    'font-faces': fontFaces(baseUri),
    sources: {
      [SOURCE.boundaries]: {
        type: 'vector',
        tiles: [boundaryTilesUrl(baseUri)],
        maxzoom: BOUNDARY_MAX_ZOOM,
        attribution: BOUNDARIES_ATTRIBUTION,
      },
    },
    layers: [
      {
        id: LAYER.background,
        type: 'background',
        paint: { 'background-color': MAP_COLORS.background },
      },
      countyFillLayer,
      slot(LAYER.groundSlot),
      countyLineLayer,
      stateLineLayer,
      slot(LAYER.roadsSlot),
      slot(LAYER.fixedSlot),
      slot(LAYER.buildingTypeSlot),
      slot(LAYER.overlaySlot),
      slot(LAYER.labelsSlot),
      countyLabelLayer,
    ],
  };
}
