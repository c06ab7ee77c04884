// The bare map the first-load figure is read beside: MapLibre with the app's own basemap (its
// style, fonts and boundaries, loaded as the app loads them) and nothing else: no React, no
// data layers. Bundled by first-load.ts into the app server's dist/ for the run.
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource } from 'maplibre-gl';
import { buildBasemapStyle } from '../../src/map/basemap-style';
import { loadBoundaries } from '../../src/map/boundaries';
import { SOURCE } from '../../src/map/ids';

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
map.once('load', () => {
  void loadBoundaries().then((b) => {
    map.getSource<GeoJSONSource>(SOURCE.states)?.setData(b.states);
    map.getSource<GeoJSONSource>(SOURCE.counties)?.setData(b.counties);
    map.getSource<GeoJSONSource>(SOURCE.countyLabels)?.setData(b.countyLabels);
    const onIdle = () => {
      if (map.querySourceFeatures(SOURCE.counties).length === 0) return;
      map.off('idle', onIdle);
      window.bareMapDrawnAt = performance.now();
    };
    map.on('idle', onIdle);
  });
});
