// "Compare releases" (README): choose a second coverage vintage and fabric vintage; the map
// rings each location whose status changed between the two under the planner's filters, and
// this card names the classes with how many of each are in view. Kept in the URL (wcv, wv).
import { useShallow } from 'zustand/react/shallow';
import { CHANGE_CLASSES, type ChangeClass } from '../../../shared/fixed-change';
import { earlierSide } from '../../../shared/fixed-change-hex';
import { fixedChangeHexTileUrl, fixedChangeTileUrl } from '../../api/coverage';
import { CollapsibleLegend } from '../../components/CollapsibleLegend';
import { vintageLabel } from '../../lib/vintage';
import { useMapInstance } from '../../map/map-context';
import { useCapabilities } from '../../queries/use-capabilities';
import { useVintages } from '../../queries/use-vintages';
import { useAppStore } from '../../state/store';
import { CHANGE_COLOUR } from './compare-styles';
import { useChangeCounts, type ChangeCounts } from './use-change-counts';
import { useChangeLayer } from './use-change-layer';
import { ChangeHexLegend, ChangeHexTip } from './ChangeHexes';
import { useChangeHexLayer, useChangeHexSums } from './use-change-hex-layer';
import { useSettledView } from '../../map/use-settled-view';
import './compare.css';

const STREET_ZOOM = 13;

/** The fabric a coverage vintage was filed on: the newest fabric vintage not after it. */
function fabricFor(coverage: string, fabrics: readonly string[]): string | null {
  const older = fabrics.filter((f) => Number(f) <= Number(coverage)).sort();
  return older[older.length - 1] ?? fabrics[0] ?? null;
}

export function CompareCard() {
  const map = useMapInstance();
  const vintages = useVintages();
  const { coverage: cv, fabric: fv } = vintages;
  const s = useAppStore(
    useShallow((st) => ({
      filters: st.fixedFilters,
      compareWith: st.compareWith,
      setCompareWith: st.setCompareWith,
      hidden: st.hiddenChangeClasses,
      showChangeClass: st.showChangeClass,
    })),
  );
  const caps = useCapabilities();
  const fabrics = vintages.fabricVintages ?? [];
  const w = s.compareWith;
  // The compare tiles are this project's own operation (the demo, an import or a workspace).
  const available = caps.views.changeTiles;
  const url =
    available && w && cv && fv
      ? fixedChangeTileUrl(cv, fv, w.coverage, w.fabric, s.filters.provider, caps.revision)
      : null;
  const earlier = w && cv && fv ? earlierSide({ coverage: cv, fabric: fv }, w) : ('b' as const);
  useChangeLayer(map, url, s.filters, earlier, s.hidden);
  const counts = useChangeCounts(map, url !== null, s.filters, earlier);
  // Below street zoom: the net change by hexagon (the fixed layer hides its own hexagons).
  const hexUrl =
    available && w && cv && fv
      ? fixedChangeHexTileUrl(cv, fv, w.coverage, w.fabric, s.filters, caps.revision)
      : null;
  useChangeHexLayer(map, hexUrl);
  const hexSums = useChangeHexSums(map, hexUrl !== null, earlier);
  const zoom = useSettledView(map)?.zoom ?? null;
  if (!map || !caps.known) return null;

  const shown = (coverage: string | null, fabric: string | null) =>
    coverage && fabric ? `coverage ${vintageLabel(coverage)}, fabric ${vintageLabel(fabric)}` : '…';
  const [before, after] =
    earlier === 'a'
      ? [shown(cv, fv), shown(w?.coverage ?? null, w?.fabric ?? null)]
      : [shown(w?.coverage ?? null, w?.fabric ?? null), shown(cv, fv)];

  return (
    <>
      <CollapsibleLegend
        id="compare"
        title="Compare releases"
        className="cmp-card"
        aside={
          <span data-testid="compare:aside">{w ? `with ${vintageLabel(w.coverage)}` : 'off'}</span>
        }
      >
        {!available ? (
          <p className="cmp-note">Comparing releases needs the reference service&apos;s tiles.</p>
        ) : (
          <div className="cmp-controls">
            <label>
              Compare with coverage
              <select
                data-testid="compare:coverage"
                value={w?.coverage ?? ''}
                onChange={(e) => {
                  const value = e.target.value;
                  if (!value) return s.setCompareWith(null);
                  const f = w?.fabric ?? fabricFor(value, fabrics);
                  if (f) s.setCompareWith({ coverage: value, fabric: f });
                }}
              >
                <option value="">Off</option>
                {(vintages.coverageVintages ?? []).map((v) => (
                  <option key={v} value={v}>
                    {vintageLabel(v, 'long')}
                  </option>
                ))}
              </select>
            </label>
            <label>
              and fabric
              <select
                data-testid="compare:fabric"
                value={w?.fabric ?? ''}
                disabled={!w}
                onChange={(e) => w && s.setCompareWith({ ...w, fabric: e.target.value })}
              >
                {!w && <option value="">—</option>}
                {fabrics.map((v) => (
                  <option key={v} value={v}>
                    {vintageLabel(v, 'long')}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        {url && (
          <>
            <p className="cmp-note" data-testid="compare:order">
              Before: {before}. After: {after}.
            </p>
            {zoom !== null && zoom < STREET_ZOOM ? (
              <ChangeHexLegend sums={hexSums} />
            ) : (
              <ChangeLegend counts={counts} hidden={s.hidden} onShow={s.showChangeClass} />
            )}
          </>
        )}
      </CollapsibleLegend>
      <ChangeHexTip map={map} active={hexUrl !== null} earlier={earlier} />
    </>
  );
}

interface ChangeLegendProps {
  counts: ChangeCounts | null;
  hidden: readonly ChangeClass[];
  onShow: (cls: ChangeClass, shown: boolean) => void;
}

function ChangeLegend({ counts, hidden, onShow }: ChangeLegendProps) {
  const changed = counts ? Object.entries(counts).filter(([k]) => k !== 'unchanged') : null;
  const total = changed ? changed.reduce((sum, [, n]) => sum + n, 0) : null;
  const drawn = changed
    ? changed.reduce((sum, [k, n]) => (hidden.includes(k as ChangeClass) ? sum : sum + n), 0)
    : null;
  return (
    <>
      {/* The total first: on a short screen the card scrolls, and this is the line to see. */}
      <p className="cmp-note" role="status" data-testid="compare:changed">
        {total === null || drawn === null
          ? 'Counting…'
          : `${total.toLocaleString('en-US')} changed in view` +
            (drawn < total ? `, ${drawn.toLocaleString('en-US')} drawn` : '')}
      </p>
      <ul className="cmp-legend" aria-label="Changed locations in view by class">
        {/* Only the classes present in view, so the card stays short; all while counting. */}
        {CHANGE_CLASSES.filter(
          (c) => c.value !== 'unchanged' && (!counts || (counts[c.value] ?? 0) > 0),
        ).map((c) => (
          <li key={c.value} className="cmp-legend__row" data-class={c.value}>
            {/* Each class shown or hidden on the map; the quiet ones start hidden. */}
            <label className="cmp-legend__toggle">
              <input
                type="checkbox"
                checked={!hidden.includes(c.value)}
                onChange={(e) => onShow(c.value, e.target.checked)}
              />
              <span
                className="cmp-legend__ring"
                aria-hidden="true"
                style={{ borderColor: CHANGE_COLOUR[c.value] }}
              />
              <span className="cmp-legend__label">{c.label}</span>
            </label>
            <span className="cmp-legend__count" data-testid={`compare:count-${c.value}`}>
              {counts ? (counts[c.value] ?? 0).toLocaleString('en-US') : '…'}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
