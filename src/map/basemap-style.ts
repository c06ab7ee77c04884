// The default style, built in code so it works with no network: Census boundaries bundled in
// the app and labels from local fonts. The demo fabric is added later (use-fabric-layers.ts)
// because its tiles depend on the vintage and exist only on the embedded backend.
import type { FeatureCollection } from 'geojson';
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

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };

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
      [SOURCE.states]: { type: 'geojson', data: empty, attribution: BOUNDARIES_ATTRIBUTION },
      [SOURCE.counties]: { type: 'geojson', data: empty, attribution: BOUNDARIES_ATTRIBUTION },
      [SOURCE.countyLabels]: { type: 'geojson', data: empty, attribution: BOUNDARIES_ATTRIBUTION },
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
