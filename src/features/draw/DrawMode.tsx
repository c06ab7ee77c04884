// Draw mode's tools on the map: terra-draw, the county pick, GeoJSON import and drop. Its own
// chunk (DrawLayer.tsx loads it on entering Draw mode), terra-draw with it.
import { useShallow } from 'zustand/react/shallow';
import { useMapInstance } from '../../map/map-context';
import { useAppStore } from '../../state/store';
import { DrawToolbar } from './DrawToolbar';
import { useAreaDrop } from './use-area-drop';
import { useCountyPick } from './use-county-pick';
import { useTerraDraw } from './use-terra-draw';
import './draw.css';

export function DrawMode() {
  const map = useMapInstance();
  const { areas, selectedId } = useAppStore(
    useShallow((s) => ({ areas: s.areas, selectedId: s.selectedAreaId })),
  );
  // Mounted only in Draw mode (DrawLayer.tsx), so always active while mounted.
  const draw = useTerraDraw(map, true);
  const county = useCountyPick(map, true);
  const dropping = useAreaDrop(map, true);

  const selected = areas.find((a) => a.id === selectedId);
  return (
    <>
      <DrawToolbar
        map={map}
        onEdit={() => {
          if (selected?.geometry.type === 'Polygon') draw.editArea(selected.id, selected.geometry);
        }}
      />
      {county.offer && (
        <div
          className="draw-county-offer"
          role="dialog"
          aria-label="County or state"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            county.dismiss();
          }}
        >
          <span>{county.offer.label}</span>
          <button
            type="button"
            className="button button--primary"
            // Offered from the keyboard, the offer takes focus so Enter accepts it.
            autoFocus={county.offer.viaKeyboard}
            onClick={() => void county.acceptOffer('county')}
          >
            Use this county
          </button>
          <button
            type="button"
            className="button"
            disabled={!county.offer.stateName}
            onClick={() => void county.acceptOffer('state')}
          >
            Use {county.offer.stateName ?? 'the state'}
          </button>
          <button type="button" className="button button--ghost" onClick={county.dismiss}>
            Cancel
          </button>
        </div>
      )}
      {dropping && (
        <div className="draw-drop-target">Drop a GeoJSON file to import it as an area</div>
      )}
    </>
  );
}
