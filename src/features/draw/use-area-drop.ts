// Drag-and-drop of a GeoJSON file anywhere on the map (Draw mode only).
import { useEffect, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { importAreaFile } from './import-area';

export function useAreaDrop(map: MapLibreMap | null, active: boolean): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!map || !active) return;
    const target = map.getContainer();
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const onOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setOver(true);
    };
    const onLeave = () => setOver(false);
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setOver(false);
      const file = event.dataTransfer?.files[0];
      if (file) void importAreaFile(file, map);
    };
    target.addEventListener('dragover', onOver);
    target.addEventListener('dragleave', onLeave);
    target.addEventListener('drop', onDrop);
    return () => {
      target.removeEventListener('dragover', onOver);
      target.removeEventListener('dragleave', onLeave);
      target.removeEventListener('drop', onDrop);
    };
  }, [map, active]);
  return over;
}
