// The fixed broadband legend's body: at street zoom each status with its symbol, the rule
// behind it and how many locations in view have it; further out the hexagon classes with
// how many hexagons in view fall in each and the BSLs they hold.
import type { FixedFilters } from '../../../shared/fixed-status';
import {
  HEX_CLASSES,
  HEX_FEW_OUTLINE,
  HEX_OPACITY,
  STATUS_LAYERS,
  STATUS_STYLE,
} from './fixed-styles';
import { STATUS_LABEL, hexClassLabel, percent, statusRule } from './fixed-words';
import type { HexCounts, StatusCounts } from './use-fixed-counts';

const n = (value: number) => value.toLocaleString('en-US');

/** Top of the list first: the statuses a planner hunts for. */
const LEGEND_ORDER = [...STATUS_LAYERS].reverse();

export function StatusLegend({
  counts,
  filters,
}: {
  counts: StatusCounts | null;
  filters: FixedFilters;
}) {
  return (
    <ul className="fb-legend" aria-label="Locations in view by status">
      {LEGEND_ORDER.map(({ status }) => {
        const style = STATUS_STYLE[status];
        return (
          <li key={status} className="fb-legend__row" data-status={status}>
            <span className="fb-legend__symbol" aria-hidden="true">
              <span
                style={{
                  width: style.radius * 2.4,
                  height: style.radius * 2.4,
                  background: style.fill,
                  opacity: style.fillOpacity === 1 ? undefined : 0.85,
                  borderColor: style.stroke,
                  borderWidth: Math.max(1, style.strokeWidth),
                }}
              />
            </span>
            <span className="fb-legend__label">
              <span>{STATUS_LABEL[status]}</span>
              <span className="fb-legend__rule">{statusRule(status, filters)}</span>
            </span>
            <span className="fb-legend__count" data-testid={`fixed:count-${status}`}>
              {counts ? n(counts[status]) : '…'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function HexLegend({ counts }: { counts: HexCounts | null }) {
  return (
    <>
      <p className="fb-legend__caption">Share of BSLs unserved or underserved, by H3 hexagon</p>
      <ul className="fb-legend" aria-label="Hexagons in view by share unserved or underserved">
        {HEX_CLASSES.map((c, k) => (
          <li key={c.color} className="fb-legend__row" data-class={k}>
            <span className="fb-legend__symbol" aria-hidden="true">
              <span
                className="fb-legend__hex"
                style={{ background: c.color, opacity: HEX_OPACITY.normal + 0.2 }}
              />
            </span>
            <span className="fb-legend__label">{hexClassLabel(k)}</span>
            <span className="fb-legend__count" data-testid={`fixed:hex-class-${k}`}>
              {counts ? n(counts.byClass[k]!) : '…'}
            </span>
          </li>
        ))}
        <li className="fb-legend__row" data-class="few">
          <span className="fb-legend__symbol" aria-hidden="true">
            <span
              className="fb-legend__hex fb-legend__hex--few"
              style={{ borderColor: HEX_FEW_OUTLINE }}
            />
          </span>
          <span className="fb-legend__label">
            <span>Fewer than 10 BSLs</span>
            <span className="fb-legend__rule">Faint, dashed: a share of very few (or none)</span>
          </span>
          <span className="fb-legend__count" data-testid="fixed:hex-few">
            {counts ? n(counts.few + counts.empty) : '…'}
          </span>
        </li>
      </ul>
      {counts && counts.bsls > 0 && (
        <p className="fb-legend__caption" data-testid="fixed:hex-total">
          {n(counts.bsls)} BSLs in view: {percent(counts.unserved, counts.bsls)} unserved,{' '}
          {percent(counts.underserved, counts.bsls)} underserved
        </p>
      )}
      <p className="fb-legend__caption">
        Point at a hexagon for its counts; zoom in for locations.
      </p>
    </>
  );
}
