// A handle for browser tests (Playwright sets navigator.webdriver); absent for real users.
import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    __coverageMap?: MapLibreMap;
  }
}

export function exposeMapForTests(map: MapLibreMap): () => void {
  if (!navigator.webdriver) return () => {};
  // oxlint-disable-next-line no-underscore-dangle -- a deliberately odd name nobody else uses
  window.__coverageMap = map;
  return () => {
    // oxlint-disable-next-line no-underscore-dangle
    if (window.__coverageMap === map) delete window.__coverageMap;
  };
}
