// The "Layers" button opens a small panel of checkboxes (a disclosure, so native checkboxes
// keep their keyboard behaviour). Esc or a click elsewhere closes it; the panel is placed as
// the Filters panel is (components/MenuPopover.tsx), so neither runs off the window.
import { useShallow } from 'zustand/react/shallow';
import { MenuPopover } from '../../components/MenuPopover';
import { useAppStore } from '../../state/store';
import type { LayersSlice } from '../../state/slices/layers';
import './layers-menu.css';

type LayerKey = keyof LayersSlice['layers'];

const ITEMS: { key: LayerKey; label: string; hint: string }[] = [
  {
    key: 'fixedBroadband',
    label: 'Fixed broadband',
    hint: 'BEAD status under the filters: hexagons, locations from zoom 13',
  },
  { key: 'parcels', label: 'Parcels', hint: 'From zoom 14' },
  { key: 'footprints', label: 'Footprints', hint: 'From zoom 15' },
  { key: 'locations', label: 'Locations', hint: 'Grey dots, from zoom 14' },
  { key: 'buildingType', label: 'Building type', hint: 'Dots by building type, from zoom 14' },
  { key: 'mobileCoverage', label: 'Mobile coverage', hint: 'H3 hexagons, from zoom 13' },
];

export function LayersMenu() {
  const { layers, setLayer } = useAppStore(
    useShallow((s) => ({ layers: s.layers, setLayer: s.setLayer })),
  );

  const activeCount = ITEMS.filter((item) => layers[item.key]).length;

  return (
    <MenuPopover
      className="layers-menu"
      label={
        <>
          Layers
          <span className="layers-menu__count" aria-hidden="true">
            {activeCount}
          </span>
        </>
      }
      renderPanel={(panelId, placePanel) => (
        <fieldset ref={placePanel} id={panelId} className="layers-menu__panel">
          <legend className="layers-menu__legend">Map layers</legend>
          {ITEMS.map((item, index) => (
            <label key={item.key} className="layers-menu__item">
              <input
                type="checkbox"
                checked={layers[item.key]}
                // The first box takes focus so the keyboard lands inside the open panel.
                autoFocus={index === 0}
                onChange={(e) => setLayer(item.key, e.target.checked)}
              />
              <span className="layers-menu__text">
                <span>{item.label}</span>
                <span className="layers-menu__hint">{item.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    />
  );
}
