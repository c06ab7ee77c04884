// The legend of the optional "Building type" layer (Layers menu, off by default): what each
// dot colour means. The dots are the fabric tiles' (map/layers/fabric.ts), drawn from zoom 14
// over the fixed broadband symbols, so with both layers on a status shows as the dot's ring.
import { CollapsibleLegend } from '../../components/CollapsibleLegend';
import { BUILDING_TYPES } from '../../map/layers/building-types';
import { MAP_COLORS } from '../../map/layers/colors';
import { useCapabilities } from '../../queries/use-capabilities';
import { useAppStore } from '../../state/store';
import './building-type.css';

const ROWS = [
  ...BUILDING_TYPES,
  { code: 'other', label: 'Other', color: MAP_COLORS.locationOther },
];

export function BuildingTypeLegend() {
  const on = useAppStore((s) => s.layers.buildingType);
  const drawn = useCapabilities().views.fabricTiles;
  if (!on) return null;
  return (
    <CollapsibleLegend id="building-type" title="Building type" aside="from zoom 14">
      {drawn ? (
        <ul className="bt-legend" aria-label="Location dots by building type">
          {ROWS.map((row) => (
            <li key={row.code} className="bt-legend__row">
              <span
                className="bt-legend__dot"
                style={{ background: row.color }}
                aria-hidden="true"
              />
              {row.label}
            </li>
          ))}
        </ul>
      ) : (
        <p className="bt-legend__note">
          Building types are drawn from the reference service&apos;s fabric tiles, which this
          service does not offer.
        </p>
      )}
    </CollapsibleLegend>
  );
}
