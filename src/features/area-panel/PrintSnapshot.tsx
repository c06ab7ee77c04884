// Inside the map: answers the report's print requests with a picture of the map framed on the
// selected area (the panel, outside the map, cannot reach it), then the panel prints.
import { useEffect } from 'react';
import { useMapInstance } from '../../map/map-context';
import { useAppStore } from '../../state/store';
import { mapSnapshot } from './map-snapshot';

export function PrintSnapshot() {
  const map = useMapInstance();
  const request = useAppStore((s) => s.printRequest);
  useEffect(() => {
    if (request === 0) return;
    const { areas, selectedAreaId, answerPrint } = useAppStore.getState();
    const area = areas.find((a) => a.id === selectedAreaId);
    if (!area) return;
    let live = true;
    void mapSnapshot(map, area.geometry).then((url) => live && answerPrint(request, area.id, url));
    return () => {
      live = false;
    };
  }, [map, request]);
  return null;
}
