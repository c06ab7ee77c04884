// The side panel for a selected H3 res-9 hexagon: its id and centre, and every mobile
// coverage record in it for the coverage vintage.
import { useShallow } from 'zustand/react/shallow';
import { cellCentre, isMobileCell } from '../../lib/geo/h3';
import { useMobileCoverage } from '../../queries/use-mobile-coverage';
import { useAppStore } from '../../state/store';
import { CopyButton } from '../../components/CopyButton';
import { PartError } from '../../components/PartError';
import { vintageLabel } from '../../lib/vintage';
import { HexRecordsTable } from './HexRecordsTable';
import './hex-panel.css';

export function HexPanel() {
  const s = useAppStore(
    useShallow((st) => ({
      selection: st.selection,
      vintage: st.coverageVintage,
      layerOn: st.layers.mobileCoverage,
      setLayer: st.setLayer,
      clear: st.clearSelection,
    })),
  );
  const h3 = s.selection.kind === 'hex' ? s.selection.h3 : null;
  const valid = h3 !== null && isMobileCell(h3);
  const records = useMobileCoverage(s.vintage, valid ? h3 : null);

  if (h3 === null) return null;
  if (!valid) {
    return (
      <section className="hp" aria-label="Hexagon">
        <p role="alert">
          <strong>{h3}</strong> is not an H3 resolution-9 cell, so it has no mobile coverage
          records. Turn on the mobile coverage layer and click a hexagon instead.
        </p>
        <button type="button" className="button" onClick={s.clear}>
          Close
        </button>
      </section>
    );
  }

  const centre = cellCentre(h3);
  return (
    <section className="hp" aria-label="Hexagon">
      <dl className="hp-ids">
        <dt>H3 cell (res 9)</dt>
        <dd>
          <code data-testid="hex-panel:cell">{h3}</code>{' '}
          <CopyButton value={h3} label="H3 cell id" />
        </dd>
        <dt>Centre</dt>
        <dd>
          {centre.lat.toFixed(5)}, {centre.lng.toFixed(5)}
        </dd>
      </dl>
      {!s.layerOn && (
        <p className="hp-muted">
          The mobile coverage layer is off.{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => s.setLayer('mobileCoverage', true)}
          >
            Show mobile coverage
          </button>
        </p>
      )}
      <h3 className="hp-heading">Mobile coverage</h3>
      <p className="hp-muted">
        Coverage data as of {s.vintage ? vintageLabel(s.vintage, 'long') : 'the newest release'}
      </p>
      {records.status === 'pending' ? (
        <p className="hp-muted" role="status">
          Loading mobile coverage…
        </p>
      ) : records.status === 'error' ? (
        <PartError
          what="Mobile coverage"
          error={records.error}
          onRetry={() => void records.refetch()}
        />
      ) : records.data.length === 0 ? (
        <p className="hp-empty">
          No carrier reports mobile coverage in this hexagon for this vintage. Try another coverage
          vintage or a neighbouring hexagon.
        </p>
      ) : (
        <HexRecordsTable records={records.data} />
      )}
    </section>
  );
}
