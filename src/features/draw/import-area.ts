// Import GeoJSON (file picker and drag-and-drop share this): parse, validate, save, report. A
// FeatureCollection becomes one area per feature (import-area-features.ts names them). A view
// file (state/area-link.ts) opens its view: its area, added once, then the tab, releases,
// filters and compare it names, applied as a link's are.
import { bbox, featureCollection, feature } from '@turf/turf';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { fitBox } from '../../map/map-cover';
import { addOrSelectArea } from '../../state/area-link';
import { useAppStore } from '../../state/store';
import { requestView } from '../../state/view-request';
import { areasFromText } from './import-area-features';

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
  const parsed = areasFromText(text, file.name);
  if (!parsed.ok) {
    state.setAreaNotice({
      kind: 'error',
      text: `${file.name} was not imported. ${parsed.message}`,
    });
    return false;
  }
  const { view } = parsed;
  const ids = parsed.areas.map(({ name, geometry }) =>
    view
      ? addOrSelectArea(state, { name, geometry, source: 'import' })
      : state.addArea({ name, geometry, source: 'import' }),
  );
  if (view) requestView(view);
  const names = parsed.areas.map((a) => a.name);
  const what =
    names.length === 1
      ? ''
      : ` as ${names.length} areas: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`;
  // Says "Imported" only once the areas are stored; otherwise that they are not, and what to do.
  state.announceArea(
    ids.at(-1)!,
    view ? `Opened the view in ${file.name}: ${names[0]}.` : `Imported ${file.name}${what}.`,
  );
  const [w, s, e, n] = bbox(featureCollection(parsed.areas.map((a) => feature(a.geometry))));
  if (map) fitBox(map, [w, s, e, n], { maxZoom: 15, instant: true });
  return true;
}
