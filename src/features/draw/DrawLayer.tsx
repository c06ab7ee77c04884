// Draw mode on the map: the saved areas (drawn in Inspect mode too), and on entering Draw mode
// its tools (DrawMode.tsx: terra-draw, the county pick, import and drop), fetched then, or as
// soon as the planner points at or focuses the Draw area button.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { lazyPart } from '../../components/lazy-part';
import { onPartIntent } from '../../components/part-intent';
import { OVERLAY_BEFORE_ID, SOURCE } from '../../map/ids';
import { useGeoJsonSource } from '../../map/use-geojson-source';
import { useAppStore } from '../../state/store';
import { areaLayers, areasCollection } from './area-layers';

const DrawMode = lazyPart('the drawing tools', async () => (await import('./DrawMode')).DrawMode, {
  compact: true,
});
onPartIntent('draw', DrawMode.preload);

export function DrawLayer() {
  const { mode, areas, selectedId, editingId } = useAppStore(
    useShallow((s) => ({
      mode: s.mode,
      areas: s.areas,
      selectedId: s.selectedAreaId,
      editingId: s.editingAreaId,
    })),
  );
  const collection = useMemo(
    () => areasCollection(areas, selectedId, editingId),
    [areas, selectedId, editingId],
  );
  // Saved areas stay visible in Inspect mode too, so a summary's hexagons have their outline.
  useGeoJsonSource(SOURCE.areas, collection, areaLayers, OVERLAY_BEFORE_ID);
  return mode === 'draw' ? <DrawMode /> : null;
}
