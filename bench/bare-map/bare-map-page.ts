// The bare map the first-load figure is read beside: MapLibre with the app's own basemap (its
// style, fonts and boundary tiles, loaded as the app loads them) and nothing else: no React, no
// data layers. Bundled by first-load.ts into the app server's dist/ for the run.
import * as maplibregl from 'maplibre-gl';
import { buildBasemapStyle } from '../../src/map/basemap-style';
import { BOUNDARY_LAYER, SOURCE } from '../../src/map/ids';

declare global {
  interface Window {
    /** performance.now() when the basemap's boundaries were first drawn; set once. */
    bareMapDrawnAt?: number;
  }
}

maplibregl.setWorkerUrl(new URL('bare-map/worker.mjs', document.baseURI).href);
const map = new maplibregl.Map({
  container: 'map',
  style: buildBasemapStyle(),
  // The demo county's bounds (src/map/create-map.ts's DEMO_BOUNDS): the app's start view.
  bounds: [
    [-89.993, 39.522],
    [-89.218, 39.977],
  ],
  fitBoundsOptions: { padding: 24 },
  attributionControl: false,
});
const onIdle = () => {
  const counties = { sourceLayer: BOUNDARY_LAYER.counties };
  if (map.querySourceFeatures(SOURCE.boundaries, counties).length === 0) return;
  map.off('idle', onIdle);
  window.bareMapDrawnAt = performance.now();
};
map.on('idle', onIdle);
