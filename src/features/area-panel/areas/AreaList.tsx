// Saved areas: pick one to summarize, rename it in place, delete it; an area the browser (or,
// signed in, the app server) could not store says so, with Retry save and Export GeoJSON as the
// ways to keep it.
import { useShallow } from 'zustand/react/shallow';
import type { SavedArea } from '../../../state/saved-area';
import { useAppStore } from '../../../state/store';
import { exportAreaGeoJson } from './area-export';
import { AreaConflict, ColleagueAreas, ShareSwitch, UploadOffer } from './TeamAreas';

const SOURCE_WORDS = {
  draw: 'Drawn',
  import: 'Imported',
  county: 'County',
  state: 'State',
  place: 'Place',
} as const;

const UNSAVED_WORDS = {
  full: 'Not saved: browser storage is full.',
  blocked: 'Not saved: this browser does not allow storing areas.',
  offline: 'Not saved: the server could not be reached.',
  refused: 'Not saved: the server refused it.',
} as const;

function UnsavedActions({
  area,
  problem,
}: {
  area: SavedArea;
  problem: keyof typeof UNSAVED_WORDS;
}) {
  const { retrySave, announceArea } = useAppStore(
    useShallow((s) => ({ retrySave: s.retrySave, announceArea: s.announceArea })),
  );
  return (
    <div className="area-list__unsaved">
      <span className="area-list__unsaved-text" id={`unsaved-${area.id}`}>
        {UNSAVED_WORDS[problem]}
      </span>
      <button
        type="button"
        className="button"
        aria-label={`Retry saving ${area.name}`}
        onClick={() => {
          retrySave(area.id);
          announceArea(area.id, `Saved ${area.name}.`);
        }}
      >
        Retry save
      </button>
      <button
        type="button"
        className="button"
        aria-label={`Export ${area.name} as GeoJSON`}
        onClick={() => exportAreaGeoJson(area)}
      >
        Export GeoJSON
      </button>
    </div>
  );
}

/** Mine, with what the app server says about them when signed in, then colleagues' shared ones. */
export function AreaList() {
  return (
    <>
      <UploadOffer />
      <AreaConflict />
      <MyAreas />
      <ColleagueAreas />
    </>
  );
}

function MyAreas() {
  const { areas, unsaved, selectedId, selectArea, renameArea, deleteArea } = useAppStore(
    useShallow((s) => ({
      areas: s.areas,
      unsaved: s.unsavedAreas,
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
        click a county and choose “Use this county” or its state, or search a town or ZIP code and
        choose “Use as area”.
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
          data-unsaved={unsaved[area.id] ? 'true' : undefined}
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
            aria-describedby={unsaved[area.id] ? `unsaved-${area.id}` : undefined}
            onChange={(event) => renameArea(area.id, event.target.value)}
            onFocus={() => selectArea(area.id)}
          />
          <span className="area-list__source">{SOURCE_WORDS[area.source]}</span>
          <ShareSwitch id={area.id} name={area.name} />
          <button
            type="button"
            className="button button--ghost"
            aria-label={`Delete ${area.name}`}
            onClick={() => deleteArea(area.id)}
          >
            Delete
          </button>
          {unsaved[area.id] && <UnsavedActions area={area} problem={unsaved[area.id]!} />}
        </li>
      ))}
    </ul>
  );
}
