// A finished summary: total, the releases and audience it is as of, measure picker, chart,
// table, and the two exports.
import { useShallow } from 'zustand/react/shallow';
import type { FieldDef } from '../../../api/schemas';
import { summaryCsvFile } from './summary-csv';
import { areaWithHexes, HEX_FIELD, hexBreakout } from './summary-hexes';
import { formatCell, summaryLayout } from './summary-table';
import type { SavedArea } from '../../../state/saved-area';
import { useVintages } from '../../../queries/use-vintages';
import { useAppStore } from '../../../state/store';
import { stampedFileName, stampLines, type FileStamp } from '../file-stamp';
import { useCapabilities } from '../../../queries/use-capabilities';
import { DownloadButton } from '../DownloadButton';
import { SummaryChart } from './SummaryChart';
import { SummaryTable } from './SummaryTable';
import { MergedParts } from '../SplitProgress';
import type { AreaSummary } from '../../../queries/use-area-summary';

interface Props {
  area: SavedArea;
  summary: AreaSummary;
  defs: readonly FieldDef[];
  fields: readonly string[];
  nocat: boolean;
}

/** The panel shows the stamp without its date (a file's date is when it is saved). */
const SHOWN_AT = new Date(0);
/** A file's date: read when it is saved, in the download's handler. */
const now = () => new Date();

export function SummaryResults({ area, summary, defs, fields, nocat }: Props) {
  const { fabric, coverage } = useVintages();
  const source = useCapabilities().stamp;
  const { measureKey, setMeasure, filters } = useAppStore(
    useShallow((s) => ({
      measureKey: s.summaryMeasure,
      setMeasure: s.setSummaryMeasure,
      filters: s.fixedFilters,
    })),
  );
  // served_status is counted under the filters, as the report counts; every file says so.
  const stamp = (generated: Date): FileStamp => ({
    area: area.name,
    release: { fabric: fabric ?? 'unknown', coverage: coverage ?? 'unknown' },
    compared: null,
    filters,
    generated,
    source,
  });
  const shown = stampLines(stamp(SHOWN_AT)).filter(
    ([name]) => name !== 'Area' && name !== 'Generated',
  );
  const asked = defs.filter((d) => fields.includes(d.fieldname));
  const layout = summaryLayout(asked, summary.result.data, nocat);
  const measure = layout.measures.find((m) => m.key === measureKey) ?? layout.measures[0]!;
  const total = summary.result.locationcount;
  const hasHexes = fields.includes(HEX_FIELD);

  return (
    <div className="summary-results">
      <p className="summary-results__total">
        <strong data-testid="area-panel:total">{formatCell(total, measure)}</strong> locations in{' '}
        {area.name}
        <MergedParts parts={summary.parts} elapsedMs={summary.elapsedMs} />
      </p>
      <p className="report-table__asof" data-testid="area-panel:asof">
        {shown.map(([name, value]) => `${name}: ${value}`).join(' · ')}
      </p>
      {total === 0 ? (
        <p className="area-panel__empty">
          No fabric locations fall inside this area. Try a larger area or another place.
        </p>
      ) : (
        <>
          <label className="summary-results__measure">
            Chart{hasHexes ? ' and shade hexagons' : ''} by{' '}
            <select value={measure.key} onChange={(e) => setMeasure(e.target.value)}>
              {layout.measures.map((m) => (
                <option key={m.key} value={m.key}>
                  {m.header}
                </option>
              ))}
            </select>
          </label>
          <SummaryChart layout={layout} measure={measure} />
          <SummaryTable layout={layout} total={total} />
        </>
      )}
      <div className="summary-results__exports">
        <DownloadButton
          file={() => ({
            name: stampedFileName(stamp(now()), 'summary', 'csv'),
            text: summaryCsvFile(stampLines(stamp(now())), layout.columns, layout.rows),
            type: 'text/csv',
          })}
        >
          Download CSV
        </DownloadButton>
        <DownloadButton
          file={() => {
            const hexes = hexBreakout(hasHexes ? layout.rows : [], measure.key);
            const doc = areaWithHexes(area.geometry, hexes, measure.key, stamp(now()));
            return {
              name: stampedFileName(stamp(now()), 'summary', 'geojson'),
              text: JSON.stringify(doc),
              type: 'application/geo+json',
            };
          }}
        >
          Download GeoJSON
        </DownloadButton>
      </div>
      {!hasHexes && (
        <p className="field-picker__definition">
          Add {HEX_FIELD} to the fields to see the area by hexagon on the map.
        </p>
      )}
    </div>
  );
}
