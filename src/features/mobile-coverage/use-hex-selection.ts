// The selected hexagon on the map: its outline, and a move to it when it was chosen without a
// click on the map (a shared link), so the outline is never off screen.
import { useEffect, useMemo } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { cellCentre, cellPolygon, isMobileCell } from '../../lib/geo/h3';
import { coverPadding, inUncoveredView } from '../../map/map-cover';
import { useAppStore } from '../../state/store';

/** Close enough that the cell is clearly a hexagon and clicks select neighbours. */
const HEX_VIEW_ZOOM = 14;

export function useHexSelection(map: MapLibreMap | null): FeatureCollection {
  const selection = useAppStore((s) => s.selection);
  const h3 = selection.kind === 'hex' && isMobileCell(selection.h3) ? selection.h3 : null;

  const cover = useAppStore((s) => s.mapCover);
  useEffect(() => {
    if (!map || !h3) return;
    const { lng, lat } = cellCentre(h3);
    if (inUncoveredView(map, [lng, lat], cover) && map.getZoom() >= HEX_VIEW_ZOOM - 1) return;
    map.flyTo({
      center: [lng, lat],
      padding: coverPadding(cover),
      zoom: Math.max(map.getZoom(), HEX_VIEW_ZOOM),
      duration: 800,
    });
  }, [map, h3, cover]);

  return useMemo(
    () => ({
      type: 'FeatureCollection',
      features: h3 ? [{ type: 'Feature', properties: { h3 }, geometry: cellPolygon(h3) }] : [],
    }),
    [h3],
  );
}
