// Saved areas: pick one to summarize, rename it in place, delete it.
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../state/store';

const SOURCE_WORDS = { draw: 'Drawn', import: 'Imported', county: 'County' } as const;

export function AreaList() {
  const { areas, selectedId, selectArea, renameArea, deleteArea } = useAppStore(
    useShallow((s) => ({
      areas: s.areas,
      selectedId: s.selectedAreaId,
      selectArea: s.selectArea,
      renameArea: s.renameArea,
      deleteArea: s.deleteArea,
    })),
  );
  if (areas.length === 0) {
    return (
      <p className="area-panel__empty">
        No areas yet. Pick Polygon, Rectangle, Freehand or Circle on the map, import a GeoJSON file,
        or click a county and choose “Use this county”.
      </p>
    );
  }
  return (
    <ul className="area-list" aria-label="Saved areas">
      {areas.map((area) => (
        <li
          key={area.id}
          className="area-list__item"
          aria-current={area.id === selectedId ? 'true' : undefined}
        >
          <input
            type="radio"
            name="selected-area"
            checked={area.id === selectedId}
            aria-label={`Summarize ${area.name}`}
            onChange={() => selectArea(area.id)}
          />
          <input
            className="area-list__name"
            value={area.name}
            aria-label="Area name"
            onChange={(event) => renameArea(area.id, event.target.value)}
            onFocus={() => selectArea(area.id)}
          />
          <span className="area-list__source">{SOURCE_WORDS[area.source]}</span>
          <button
            type="button"
            className="button button--ghost"
            aria-label={`Delete ${area.name}`}
            onClick={() => deleteArea(area.id)}
          >
            Delete
          </button>
        </li>
      ))}
    </ul>
  );
}
