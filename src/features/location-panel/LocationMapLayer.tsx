// The selected location on the map: marker, click point and the line between them, and the
// camera brought to a location chosen off screen. It only draws: clicks become locations in
// app/use-workflows.ts.
import { useEffect, useMemo } from 'react';
import { coverPadding, inUncoveredView } from '../../map/map-cover';
import { useMapInstance } from '../../map/map-context';
import { useGeoJsonSource } from '../../map/use-geojson-source';
import { OVERLAY_BEFORE_ID, SOURCE } from '../../map/ids';
import { useAppStore } from '../../state/store';
import { useLocationData } from '../../queries/use-location-data';
import { locationSelectionLayers, selectionFeatures } from './location-map-layers';
import { useClickLocate, useClickPoint } from './use-click-locate';

const FLY_MIN_ZOOM = 16;

export function LocationMapLayer() {
  const map = useMapInstance();
  const selection = useAppStore((s) => s.selection);
  const vintage = useAppStore((s) => s.fabricVintage);
  const click = useClickPoint();
  const locate = useClickLocate();
  const locationId = selection.kind === 'location' ? selection.locationId : null;
  const data = useLocationData(vintage, locationId);

  const found = locate.data?.[0];
  const record = data.data?.[0];
  const location = useMemo(() => {
    if (record) return { lng: record.longitude, lat: record.latitude };
    if (found && (locationId === null || found.location_id === locationId)) {
      return { lng: found.longitude, lat: found.latitude };
    }
    return null;
  }, [record, found, locationId]);

  const features = useMemo(() => selectionFeatures(click, location), [click, location]);
  useGeoJsonSource(SOURCE.locationSelection, features, locationSelectionLayers, OVERLAY_BEFORE_ID);

  // A location chosen without a click (search, link, equivalent) may be off screen: go there.
  // A clicked one is on screen, but a panel floating over the map may have covered it.
  const cover = useAppStore((s) => s.mapCover);
  useEffect(() => {
    if (!map || !record || map.isMoving()) return;
    const center: [number, number] = [record.longitude, record.latitude];
    const inView = inUncoveredView(map, center, cover);
    const padding = coverPadding(cover);
    if (click) {
      if (!inView) map.easeTo({ center, padding, duration: 500 });
      return;
    }
    if (inView && map.getZoom() >= FLY_MIN_ZOOM - 1) return;
    map.flyTo({ center, padding, zoom: Math.max(map.getZoom(), FLY_MIN_ZOOM), duration: 800 });
  }, [map, record, click, cover]);

  return null;
}
