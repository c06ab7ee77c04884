// Compare mode below street zoom: the net-change hexagons' legend inside the compare card
// (the classes, and the net changes summed over the cells in view) and the tooltip of the
// cell under the pointer or the keyboard's centre cross, with its counts before and after.
import type { Feature, GeoJSON } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { NET_CLASSES, type Side } from '../../../shared/fixed-change-hex';
import { useCellOutline } from '../../map/use-cell-outline';
import { LAYER, OVERLAY_BEFORE_ID, SOURCE } from '../../map/ids';
import { useGeoJsonSource } from '../../map/use-geojson-source';
import { useHexUnderPointer, type ReadHex } from '../../map/use-hex-under-pointer';
import { NET_ROWS, readChangeHex, signed, type ChangeHexSums } from './change-hex';
import { changeHexHoverLayers, NET_COLOUR } from './change-hex-styles';

const EMPTY: GeoJSON = { type: 'FeatureCollection', features: [] };
const HOVER_LAYERS = [LAYER.fixedChangeHexFill];
type Raw = { h3: string; props: Record<string, unknown> };
const readRaw: ReadHex<Raw> = (p) => (typeof p.h3 === 'string' ? { h3: p.h3, props: p } : null);

export function ChangeHexLegend({ sums }: { sums: ChangeHexSums | null }) {
  return (
    <>
      <p className="cmp-note" role="status" data-testid="compare:hex-net">
        {sums === null
          ? 'Counting…'
          : `Net change in view: ${NET_ROWS.slice(0, 3)
              .map((r) => `${signed(sums.net[r.name])} ${r.name}`)
              .join(', ')}`}
      </p>
      <ul className="cmp-legend" aria-label="Hexagons in view by net change in served">
        {NET_CLASSES.map((c) => (
          <li key={c.value} className="cmp-legend__row" data-class={c.value}>
            <span
              className="cmp-legend__swatch"
              aria-hidden="true"
              style={{ background: NET_COLOUR[c.value] }}
            />
            <span className="cmp-legend__label">{c.label}</span>
            <span className="cmp-legend__count" data-testid={`compare:hex-count-${c.value}`}>
              {sums ? sums.byClass[c.value].toLocaleString('en-US') : '…'}
            </span>
          </li>
        ))}
      </ul>
      <p className="cmp-note cmp-note--muted">
        Counts are hexagons in view; faint, dashed ones have fewer than 10 BSLs. Zoom in to street
        level to see each changed location.
      </p>
    </>
  );
}

/** The outline and counts of the cell pointed at (mouse, or the centre cross). */
export function ChangeHexTip({
  map,
  active,
  earlier,
}: {
  map: MapLibreMap | null;
  active: boolean;
  earlier: Side;
}) {
  const pointed = useHexUnderPointer(map, active, HOVER_LAYERS, readRaw);
  const cell = pointed ? readChangeHex(pointed.props, earlier) : null;
  const cellOutline = useCellOutline(cell?.h3 ?? null);
  const outline: GeoJSON = cellOutline
    ? ({ type: 'Feature', properties: {}, geometry: cellOutline } satisfies Feature)
    : EMPTY;
  useGeoJsonSource(SOURCE.fixedChangeHexHover, outline, changeHexHoverLayers, OVERLAY_BEFORE_ID);
  if (!map || !pointed || !cell) return null;
  // On the right half of the map the tip opens to the left of the pointer, so it stays inside.
  const flip = pointed.x > map.getCanvas().clientWidth / 2;
  return (
    <div
      className={`cmp-hex-tip map-card${flip ? ' cmp-hex-tip--left' : ''}`}
      role="status"
      data-testid="compare:hex-tip"
      data-h3={cell.h3}
      style={{ left: pointed.x, top: pointed.y }}
    >
      <table>
        <caption>Before → after</caption>
        <tbody>
          {NET_ROWS.map((r) => (
            <tr key={r.name} data-row={r.name}>
              <th scope="row">{r.label}</th>
              <td>
                {cell.before[r.name].toLocaleString('en-US')} →{' '}
                {cell.after[r.name].toLocaleString('en-US')}
              </td>
              <td data-testid={`compare:hex-tip-net-${r.name}`}>{signed(cell.net[r.name])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {cell.few && <p className="cmp-hex-tip__few">Few BSLs: read with care</p>}
    </div>
  );
}
