import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export type DrawTool = 'none' | 'Polygon' | 'Rectangle' | 'Freehand' | 'Circle' | 'Select';

/** Draw mode's tool and the area whose outline is being edited (features/draw). */
export interface DrawingSlice {
  /** The active drawing tool in Draw mode ('none' = pan and pick counties). */
  drawTool: DrawTool;
  /** The area whose vertices are being edited (terra-draw draws it meanwhile, not the area layer). */
  editingAreaId: string | null;
  /** A shape is under way (its first vertex placed, not yet finished): the cards let clicks through. */
  sketching: boolean;
  setDrawTool: (tool: DrawTool) => void;
  setEditingAreaId: (id: string | null) => void;
  setSketching: (sketching: boolean) => void;
}

export const createDrawingSlice: StateCreator<AppState, [], [], DrawingSlice> = (set) => ({
  drawTool: 'none',
  editingAreaId: null,
  sketching: false,
  // Another tool (or none) drops the shape under way.
  setDrawTool: (drawTool) => set({ drawTool, sketching: false }),
  setEditingAreaId: (editingAreaId) => set({ editingAreaId }),
  setSketching: (sketching) => set({ sketching }),
});
