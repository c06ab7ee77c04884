// The one owner of the MapLibre map: it creates the map and hands it to the MapProvider above
// it (map-context.tsx). Feature map components render as children, panels elsewhere in the
// frame, and all reach the map through useMapInstance(); none creates a map of its own.
import { useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { GPUInitializationError, type Map as MapLibreMap } from 'maplibre-gl';
import { useAppStore } from '../state/store';
import { useCapabilities } from '../queries/use-capabilities';
import { env } from '../config/env';
import { buildBasemapStyle } from './basemap-style';
import { createMap } from './create-map';
import { useMapInstance, useSetMapInstance } from './map-context';
import { exposeMapForTests } from './test-handle';
import { useFabricLayers, useFabricVisibility } from './use-fabric-layers';
import { MAP_KEYS_ID } from './centre-activate';
import { useMapCover } from './map-cover';
import { useCardCover } from './use-card-cover';
import { useMapClicks } from './use-map-clicks';
import { useRunTimeBasemap } from './use-run-time-basemap';
import './map.css';

const onlineStyle = env.VITE_BASEMAP_STYLE ?? null;

export function MapView({ children }: { children?: ReactNode }) {
  const map = useMapInstance();
  const setMap = useSetMapInstance();
  const [webglMissing, setWebglMissing] = useState(false);

  // The map lives as long as its container: made when React attaches it, removed when it goes.
  const attachMap = useCallback(
    (container: HTMLDivElement | null) => {
      if (!container) return;
      let instance: MapLibreMap;
      try {
        instance = createMap(container, onlineStyle ?? buildBasemapStyle());
      } catch (error) {
        // MapLibre needs a WebGL 2 context and throws when the browser gives none (having
        // emptied the container): the map itself asks, no probe context is made first.
        if (!(error instanceof GPUInitializationError)) throw error;
        setWebglMissing(true);
        return;
      }
      let cancelled = false;
      instance.once('load', () => {
        if (cancelled) return;
        setMap(instance);
      });
      return () => {
        cancelled = true;
        setMap(null);
        instance.remove();
      };
    },
    [setMap],
  );
  // Exposed once the app holds the map: the children's effects on it (a flight to a linked
  // location) have run by then, so a test that waits for the map waits for those too.
  useEffect(() => (map ? exposeMapForTests(map) : undefined), [map]);

  const fabricVintage = useAppStore((s) => s.fabricVintage);
  const layers = useAppStore((s) => s.layers);
  const mode = useAppStore((s) => s.mode);
  const drawTool = useAppStore((s) => s.drawTool);
  // What Enter does at the centre; a drawing tool takes the map's input for itself.
  const enterDoes =
    mode === 'inspect' ? 'inspects the point' : drawTool === 'none' ? 'picks the county' : null;
  // Vector tiles of the fabric (roads, parcels, footprints): the demo's and an import's.
  const capabilities = useCapabilities();
  const fabricTiles = capabilities.views.fabricTiles;
  // A basemap set on the server at start, under the project's layers (not over an online style).
  useRunTimeBasemap(map, onlineStyle ? null : capabilities.basemap);
  const showFabric = !onlineStyle && fabricTiles;
  useFabricLayers(map, fabricVintage, showFabric);
  useFabricVisibility(map, layers, fabricVintage, showFabric);
  useMapClicks(map);
  const cover = useAppStore((s) => s.mapCover);
  useMapCover(map, cover);
  const [view, setView] = useState<HTMLDivElement | null>(null);
  useCardCover(view);
  // While a shape is under way, every click is its next vertex: the cards let them through.
  const drawing = useAppStore((s) => s.mode === 'draw' && s.sketching);

  return (
    <div
      ref={setView}
      className="map-view"
      data-drawing={drawing || undefined}
      style={
        {
          '--map-cover': `${cover.right}px`,
          '--map-cover-bottom': `${cover.bottom}px`,
          '--map-cover-top': `${cover.top}px`,
          '--map-cover-left': `${cover.left}px`,
        } as CSSProperties
      }
    >
      <div ref={attachMap} className="map-view__canvas" />
      {enterDoes && (
        // Shown while the map has keyboard focus: where Enter acts, and which keys do what.
        <>
          <div className="map-view__cross" aria-hidden="true" data-testid="map:keyboard-cross" />
          <p className="map-view__keys map-card" id={MAP_KEYS_ID}>
            Arrow keys pan, + and − zoom, Enter {enterDoes} under the cross
          </p>
        </>
      )}
      {webglMissing && (
        <div className="map-view__failure" role="alert">
          <strong>The map could not start.</strong> This browser does not offer WebGL 2 (it may be
          turned off, or the graphics driver blocked). Search and the side panels still work.
        </div>
      )}
      {children}
    </div>
  );
}
