// Creates the one MapLibre map: worker URL for Vite, default view on the demo county, view in
// the URL hash, controls, and the attribution of the sources drawn (attribution.ts).
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { StyleSpecification } from 'maplibre-gl';

maplibregl.setWorkerUrl(workerUrl);

/** Sangamon County, Illinois (Springfield): the county the demo fabric covers. */
export const DEMO_VIEW = { center: [-89.65, 39.78] as [number, number], zoom: 10 };

/** The demo county's Census bounding box: the map opens fitted to it. */
export const DEMO_BOUNDS: [[number, number], [number, number]] = [
  [-89.993, 39.522],
  [-89.218, 39.977],
];

export function createMap(
  container: HTMLElement,
  style: StyleSpecification | string,
): maplibregl.Map {
  const map = new maplibregl.Map({
    container,
    style,
    center: DEMO_VIEW.center,
    zoom: DEMO_VIEW.zoom,
    bounds: DEMO_BOUNDS,
    fitBoundsOptions: { padding: 24 },
    // `#map=zoom/lat/lng` is read on load (it wins over the default view and bounds) and kept
    // current, so a link reproduces the view.
    hash: 'map',
    maxZoom: 19,
    attributionControl: false,
    // Lets tests (and screenshots) read pixels back from the WebGL canvas.
    canvasContextAttributes: { preserveDrawingBuffer: true },
    dragRotate: false,
    // Asked for less motion, labels appear without fading in (MapLibre itself jumps where it
    // would fly or ease then), and no frame is drawn only to fade them; else MapLibre's 300 ms.
    fadeDuration: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : 300,
    pitchWithRotate: false,
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'bottom-right');
  map.addControl(new maplibregl.ScaleControl({ unit: 'imperial', maxWidth: 120 }), 'bottom-left');
  // Names the sources in view: Census boundaries, and the demo fabric where it is drawn.
  map.addControl(new maplibregl.AttributionControl({ compact: false }), 'bottom-right');
  return map;
}
