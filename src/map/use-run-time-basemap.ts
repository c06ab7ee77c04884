// The basemap the app server was started with (BASEMAP_STYLE, BASEMAP_PMTILES; capabilities'
// `basemap`), drawn under the project's layers: a style's sources and layers (ids prefixed, so
// none clashes with the project's), and a raster PMTiles archive through the pmtiles protocol.
// The county fill, which paints land over the background, turns clear (still there to be
// clicked) so the basemap shows through. Without one, the offline style is left as it is.
import { useEffect } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { LayerSpecification, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl';
import type { Basemap } from '../../shared/capabilities';
import { LAYER } from './ids';

const PREFIX = 'basemap:';
const ARCHIVE_SOURCE = `${PREFIX}archive`;

let protocol: Promise<void> | null = null;
/** The pmtiles package is fetched only by a map that draws an archive. */
function registerPmtiles(): Promise<void> {
  protocol ??= import('pmtiles').then(({ Protocol }) => {
    maplibregl.addProtocol('pmtiles', new Protocol().tile);
  });
  return protocol;
}

interface StyleJson {
  sources: Record<string, SourceSpecification>;
  layers: LayerSpecification[];
}

async function drawBasemap(map: MapLibreMap, basemap: Basemap, live: () => boolean) {
  const under = (layer: LayerSpecification) => map.addLayer(layer, LAYER.countyFill);
  // A style may name a pmtiles:// source too.
  await registerPmtiles();
  if (!live()) return;
  if (basemap.archive) {
    const url = new URL(basemap.archive, document.baseURI).href;
    map.addSource(ARCHIVE_SOURCE, { type: 'raster', url: `pmtiles://${url}`, tileSize: 256 });
    under({ id: ARCHIVE_SOURCE, type: 'raster', source: ARCHIVE_SOURCE });
  }
  if (basemap.style) {
    const answer = await fetch(new URL(basemap.style, document.baseURI));
    const style = (await answer.json()) as StyleJson;
    if (!live()) return;
    for (const [id, source] of Object.entries(style.sources)) map.addSource(PREFIX + id, source);
    for (const layer of style.layers) {
      const source = 'source' in layer ? { source: PREFIX + String(layer.source) } : {};
      under({ ...layer, id: PREFIX + layer.id, ...source } as LayerSpecification);
    }
  }
  map.setPaintProperty(LAYER.countyFill, 'fill-opacity', 0);
}

export function useRunTimeBasemap(map: MapLibreMap | null, basemap: Basemap | null): void {
  const style = basemap?.style ?? null;
  const archive = basemap?.archive ?? null;
  useEffect(() => {
    if (!map || (!style && !archive)) return;
    let live = true;
    // Without it the map keeps the offline basemap, and says why.
    drawBasemap(map, { style, archive }, () => live).catch((err: unknown) =>
      console.error('The basemap set on the server did not load:', err),
    );
    return () => {
      live = false;
    };
  }, [map, style, archive]);
}
