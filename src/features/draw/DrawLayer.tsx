// Draw mode on the map: terra-draw tools, saved areas, county pick, GeoJSON import and drop.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useMapInstance } from '../../map/map-context';
import { OVERLAY_BEFORE_ID, SOURCE } from '../../map/ids';
import { useGeoJsonSource } from '../../map/use-geojson-source';
import { useAppStore } from '../../state/store';
import { areaLayers, areasCollection } from './area-layers';
import { DrawToolbar } from './DrawToolbar';
import { useAreaDrop } from './use-area-drop';
import { useCountyPick } from './use-county-pick';
import { useTerraDraw } from './use-terra-draw';
import './draw.css';

export function DrawLayer() {
  const map = useMapInstance();
  const { mode, areas, selectedId, editingId } = useAppStore(
    useShallow((s) => ({
      mode: s.mode,
      areas: s.areas,
      selectedId: s.selectedAreaId,
      editingId: s.editingAreaId,
    })),
  );
  const active = mode === 'draw';
  const collection = useMemo(
    () => areasCollection(areas, selectedId, editingId),
    [areas, selectedId, editingId],
  );
  // Saved areas stay visible in Inspect mode too, so a summary's hexagons have their outline.
  useGeoJsonSource(SOURCE.areas, collection, areaLayers, OVERLAY_BEFORE_ID);
  const draw = useTerraDraw(map, active);
  const county = useCountyPick(map, active);
  const dropping = useAreaDrop(map, active);

  if (!active) return null;
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
