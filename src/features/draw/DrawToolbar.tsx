// The Draw mode toolbar over the map: drawing tools, editing and deleting the selected area,
// Import GeoJSON, and the last notice (e.g. a refused crossing ring). It folds to its drawing
// tools (the rest behind "Draw tools", a disclosure) so a tablet or phone keeps its map; folded
// at first below the legends' narrow width, the planner's choice kept as theirs are.
import { useId, useRef, useState } from 'react';
import { isNarrow, storedOpen, storeOpen } from '../../components/CollapsibleLegend';
import { useShallow } from 'zustand/react/shallow';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useAppStore } from '../../state/store';
import type { DrawTool } from '../../state/slices/drawing';
import { importAreaFile } from './import-area';

const TOOLS: { tool: DrawTool; hint: string }[] = [
  { tool: 'Polygon', hint: 'Click to place vertices; click the first vertex to close.' },
  { tool: 'Rectangle', hint: 'Click one corner, then the opposite corner.' },
  { tool: 'Freehand', hint: 'Click, move to trace, click again to finish.' },
  { tool: 'Circle', hint: 'Click the centre, then click at the radius.' },
];

/** The fold's storage key, beside the legends' (CollapsibleLegend). */
const FOLD_KEY = 'draw-toolbar';

export function DrawToolbar({ map, onEdit }: { map: MapLibreMap | null; onEdit: () => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const { drawTool, setDrawTool, notice, setNotice, selected, deleteArea, editingId } = useAppStore(
    useShallow((s) => ({
      drawTool: s.drawTool,
      setDrawTool: s.setDrawTool,
      notice: s.areaNotice,
      setNotice: s.setAreaNotice,
      selected: s.areas.find((a) => a.id === s.selectedAreaId) ?? null,
      deleteArea: s.deleteArea,
      editingId: s.editingAreaId,
    })),
  );
  const hint = TOOLS.find((t) => t.tool === drawTool)?.hint;
  const [open, setOpen] = useState(() => storedOpen(FOLD_KEY) ?? !isNarrow());
  const moreId = useId();

  return (
    <div className="draw-toolbar" role="toolbar" aria-label="Draw area" data-open={open}>
      <div className="draw-toolbar__row">
        <button
          type="button"
          className="button button--ghost draw-toolbar__fold"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => {
            setOpen(!open);
            storeOpen(FOLD_KEY, !open);
          }}
        >
          <span className="legend-card__chevron" aria-hidden="true" />
          Draw tools
        </button>
        {TOOLS.map(({ tool, hint: title }) => (
          <button
            key={tool}
            type="button"
            className="button draw-toolbar__tool"
            aria-pressed={drawTool === tool}
            title={title}
            onClick={() => setDrawTool(drawTool === tool ? 'none' : tool)}
          >
            {tool}
          </button>
        ))}
      </div>
      <div id={moreId} className="draw-toolbar__more" hidden={!open}>
        <div className="draw-toolbar__row">
          <button
            type="button"
            className="button"
            disabled={selected?.geometry.type !== 'Polygon'}
            aria-pressed={editingId !== null}
            title="Drag vertices or midpoints; Delete removes the area."
            onClick={() => (editingId ? setDrawTool('none') : onEdit())}
          >
            {editingId ? 'Done editing' : 'Edit shape'}
          </button>
          <button
            type="button"
            className="button"
            disabled={!selected}
            onClick={() => {
              if (!selected) return;
              deleteArea(selected.id);
              setDrawTool('none');
              setNotice({ kind: 'info', text: `Deleted ${selected.name}.` });
            }}
          >
            Delete area
          </button>
          <button type="button" className="button" onClick={() => fileRef.current?.click()}>
            Import GeoJSON
          </button>
          <input
            ref={fileRef}
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            aria-label="GeoJSON file"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importAreaFile(file, map);
            }}
          />
        </div>
        <p className="draw-toolbar__hint">
          {hint ??
            'Pick a tool, drop a GeoJSON file on the map, or click a county to use it or its state.'}
        </p>
      </div>
      {notice && (
        <div
          className={`draw-toolbar__notice draw-toolbar__notice--${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{notice.text}</span>
          <button
            type="button"
            className="button button--ghost"
            aria-label="Dismiss message"
            onClick={() => setNotice(null)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
