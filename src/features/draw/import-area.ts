// Import GeoJSON (file picker and drag-and-drop share this): parse, validate, save, report.
import { bbox } from '@turf/turf';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { parseAreaText } from '../../lib/geo/area-geojson';
import { useAppStore } from '../../state/store';

/** A name from the file: "ward-3.geojson" → "ward-3". */
export function areaNameFromFile(fileName: string): string {
  return fileName.replace(/\.(geo)?json$/i, '').trim() || 'Imported area';
}

/** Reads the file as an area; on success it is kept (saved if storage allows), selected and shown. */
export async function importAreaFile(file: File, map: MapLibreMap | null): Promise<boolean> {
  const state = useAppStore.getState();
  let text: string;
  try {
    text = await file.text();
  } catch {
    state.setAreaNotice({
      kind: 'error',
      text: `Could not read ${file.name}. Try the file again.`,
    });
    return false;
  }
  const parsed = parseAreaText(text);
  if (!parsed.ok) {
    state.setAreaNotice({
      kind: 'error',
      text: `${file.name} was not imported. ${parsed.message}`,
    });
    return false;
  }
  const id = state.addArea({
    name: areaNameFromFile(file.name),
    geometry: parsed.geometry,
    source: 'import',
  });
  // Says "Imported" only once the area is stored; otherwise that it is not, and what to do.
  state.announceArea(id, `Imported ${file.name}.`);
  const [w, s, e, n] = bbox(parsed.geometry);
  map?.fitBounds([w, s, e, n], { padding: 48, maxZoom: 15, duration: 0 });
  return true;
}
