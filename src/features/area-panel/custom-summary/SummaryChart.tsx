// A horizontal bar chart of the chosen measure by row, in plain SVG. Screen readers get the
// figure's description and one labelled item per bar (the table carries the same numbers).
import { formatCell, rowLabel, type SummaryColumn, type SummaryLayout } from './summary-table';

const BAR = 18;
const GAP = 6;
const LABEL_W = 120;
const WIDTH = 340;
/** Past this many rows (e.g. one per hexagon) only the largest are drawn. */
const MAX_BARS = 25;

export function SummaryChart({
  layout,
  measure,
}: {
  layout: SummaryLayout;
  measure: SummaryColumn;
}) {
  const bars = layout.rows
    .map((row) => ({ label: rowLabel(row, layout.groupKeys), value: row[measure.key] }))
    .filter((b): b is { label: string; value: number } => typeof b.value === 'number');
  const shown =
    bars.length > MAX_BARS ? [...bars].sort((a, b) => b.value - a.value).slice(0, MAX_BARS) : bars;
  if (shown.length === 0)
    return <p className="area-panel__empty">No values of {measure.header} to chart.</p>;
  const max = Math.max(...shown.map((b) => b.value), 0) || 1;
  const height = shown.length * (BAR + GAP);
  const title = `${measure.header} by row${bars.length > MAX_BARS ? ` (largest ${MAX_BARS} of ${bars.length})` : ''}`;
  return (
    <figure className="summary-chart">
      <figcaption>{title}</figcaption>
      <svg role="list" aria-label={title} viewBox={`0 0 ${WIDTH} ${height}`} width="100%">
        {shown.map((b, i) => {
          const y = i * (BAR + GAP);
          const w = Math.max(1, ((WIDTH - LABEL_W - 60) * b.value) / max);
          const text = formatCell(b.value, measure);
          return (
            <g key={`${b.label}-${i}`} role="listitem" aria-label={`${b.label}: ${text}`}>
              <text
                x={LABEL_W - 6}
                y={y + BAR * 0.72}
                textAnchor="end"
                className="summary-chart__label"
              >
                {b.label.length > 18 ? `${b.label.slice(0, 17)}…` : b.label}
              </text>
              <rect
                x={LABEL_W}
                y={y}
                width={w}
                height={BAR}
                rx={3}
                className="summary-chart__bar"
              />
              <text x={LABEL_W + w + 4} y={y + BAR * 0.72} className="summary-chart__value">
                {text}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
