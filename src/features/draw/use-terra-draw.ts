// One terra-draw instance on the shared map while Draw mode is on. Finished shapes become saved
// areas (the areas slice owns them and draws them); terra-draw only holds the shape being drawn
// and, while editing, the one area whose vertices are being moved.
import { useEffect, useMemo, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Polygon } from 'geojson';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawFreehandMode,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useAppStore } from '../../state/store';
import type { DrawTool } from '../../state/slices/drawing';
import { checkNow, checkOnClose, refusalMessage, type DrawUpdateType } from './draw-validation';

/** Store tools → terra-draw mode names ('static' = terra-draw ignores the pointer). */
export const TOOL_MODES: Record<DrawTool, string> = {
  none: 'static',
  Polygon: 'polygon',
  Rectangle: 'rectangle',
  Freehand: 'freehand',
  Circle: 'circle',
  Select: 'select',
};

const STROKE = '#1f5fbf';
const FILL = '#1f5fbf';

function refuse(reason: string): void {
  useAppStore.getState().setAreaNotice({ kind: 'error', text: refusalMessage(reason) });
}

const onClose = (feature: GeoJSONStoreFeatures, context: { updateType: string }) =>
  checkOnClose(feature, context.updateType as DrawUpdateType, refuse);

function createDraw(map: MapLibreMap): TerraDraw {
  const shapeStyles = {
    fillColor: FILL,
    fillOpacity: 0.15,
    outlineColor: STROKE,
    outlineWidth: 2,
  } as const;
  const editable = {
    feature: {
      draggable: true,
      validation: (feature: GeoJSONStoreFeatures) => checkNow(feature, refuse),
      coordinates: { draggable: true, midpoints: true, deletable: true },
    },
  };
  return new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    // Saved areas keep ids made by the areas slice; any non-empty string is a valid id.
    idStrategy: {
      isValidId: (id) => typeof id === 'string' && id.length > 0,
      getId: () => globalThis.crypto.randomUUID(),
    },
    modes: [
      new TerraDrawPolygonMode({
        validation: onClose,
        styles: { ...shapeStyles, closingPointColor: STROKE, closingPointWidth: 6 },
      }),
      new TerraDrawRectangleMode({ validation: onClose, styles: shapeStyles }),
      new TerraDrawFreehandMode({ validation: onClose, styles: shapeStyles }),
      new TerraDrawCircleMode({ validation: onClose, styles: shapeStyles }),
      new TerraDrawSelectMode({
        flags: { polygon: editable, freehand: editable, rectangle: editable, circle: editable },
        styles: {
          selectedPolygonColor: FILL,
          selectedPolygonOutlineColor: STROKE,
          selectionPointColor: STROKE,
        },
      }),
    ],
  });
}

/** Instances being cleared on purpose: their delete events are not the planner's deletions. */
const clearing = new WeakSet<TerraDraw>();

function clearQuietly(draw: TerraDraw): void {
  clearing.add(draw);
  try {
    draw.clear();
  } finally {
    clearing.delete(draw);
  }
}

export interface TerraDrawControl {
  /** Moves one saved polygon into terra-draw and selects it for vertex editing. */
  editArea: (id: string, geometry: Polygon) => void;
}

/** The terra-draw instance, started while `active`; returns a stable control object. */
export function useTerraDraw(map: MapLibreMap | null, active: boolean): TerraDrawControl {
  const drawRef = useRef<TerraDraw | null>(null);
  const tool = useAppStore((s) => s.drawTool);

  useEffect(() => {
    if (!map || !active) return;
    const draw = createDraw(map);
    draw.start();
    drawRef.current = draw;
    const state = useAppStore.getState;

    draw.on('finish', (id, context) => {
      state().setSketching(false);
      if (context.action !== 'draw') {
        // An edit ended (drag or vertex move): write the new outline through to the saved area.
        const feature = draw.getSnapshotFeature(id);
        if (feature?.geometry.type === 'Polygon')
          state().updateAreaGeometry(String(id), feature.geometry);
        return;
      }
      const feature = draw.getSnapshotFeature(id);
      draw.removeFeatures([id]);
      if (feature?.geometry.type !== 'Polygon') return;
      const source = 'draw';
      const areaId = state().addArea({ geometry: feature.geometry, source });
      state().announceArea(areaId, 'Area saved. Its report is in the panel.');
    });
    draw.on('change', (ids, type) => {
      // A drawing tool's first vertex makes the shape under way.
      if (type === 'create' && state().drawTool !== 'Select') state().setSketching(true);
      // The Delete key in select mode removes the area being edited; clearing terra-draw's
      // own copy when editing ends is not a deletion.
      if (type !== 'delete' || clearing.has(draw)) return;
      for (const id of ids)
        if (state().areas.some((a) => a.id === id)) state().deleteArea(String(id));
    });
    draw.on('deselect', () => {
      // Editing ends on deselect: the saved area's own layer draws it again.
      clearQuietly(draw);
      state().setEditingAreaId(null);
    });
    return () => {
      drawRef.current = null;
      state().setEditingAreaId(null);
      state().setSketching(false);
      // The map may be gone already (MapView unmounted first).
      if (map.style) draw.stop();
    };
  }, [map, active]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || !draw.enabled) return;
    if (tool !== 'Select') clearQuietly(draw);
    if (draw.getMode() !== TOOL_MODES[tool]) draw.setMode(TOOL_MODES[tool]);
    // map and active are listed on purpose: a new draw instance (made when they change) must
    // be given the current tool too, though this effect reads it through the ref.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [tool, map, active]);

  return useMemo<TerraDrawControl>(
    () => ({
      editArea: (id, geometry) => {
        const draw = drawRef.current;
        if (!draw) return;
        clearQuietly(draw);
        useAppStore.getState().setDrawTool('Select');
        draw.setMode('select');
        draw.addFeatures([{ type: 'Feature', id, geometry, properties: { mode: 'polygon' } }]);
        draw.selectFeature(id);
        useAppStore.getState().setEditingAreaId(id);
      },
    }),
    [],
  );
}
