// The provider × technology rows of "Change between releases": what was added, dropped, made
// faster or slower (speeds before → after), then the offers that stayed as they were.
import type { ChangeSide } from '../../../shared/fixed-change';
import type { FixedLocationStatus } from '../../../shared/fixed-status';
import { SERVED_STATUS_LABEL, type Audience } from '../../../shared/served-status';
import { fixedTechnologyName } from '../../../shared/technology';
import type { DiffKind, DiffRow, Speeds } from './fixed-diff';
import { formatMbps } from './fixed-rows';

const STATUS_WORDS: Record<FixedLocationStatus, string> = {
  served: SERVED_STATUS_LABEL.served,
  underserved: SERVED_STATUS_LABEL.underserved,
  unserved: SERVED_STATUS_LABEL.unserved,
  nooffers: `${SERVED_STATUS_LABEL.unserved}, no offers`,
  notinrelease: 'Not in the release',
  notbsl: 'Not a BSL',
};

export function statusWords(side: ChangeSide | null): string {
  return side ? STATUS_WORDS[side.status] : 'Not in the fabric';
}

const KIND_WORDS: Record<DiffKind, string> = {
  added: 'Added',
  dropped: 'Dropped',
  faster: 'Faster',
  slower: 'Slower',
  mixed: 'Speed changed',
  unchanged: 'Same',
};

const speedText = (s: Speeds | null) => (s ? `${formatMbps(s.down)}/${formatMbps(s.up)}` : '–');

export function ChangeRows({ rows, audience }: { rows: readonly DiffRow[]; audience: Audience }) {
  if (rows.length === 0) {
    return <p className="lp-muted">No {audience} fixed broadband offers at either release.</p>;
  }
  const changed = rows.filter((r) => r.kind !== 'unchanged').length;
  return (
    <table className="lp-table lp-change-table" aria-label="Offers changed between releases">
      <caption className="lp-visually-hidden">
        {audience} offers by provider and technology, speeds before and after, Mbps
      </caption>
      <thead>
        <tr>
          <th scope="col">Provider</th>
          <th scope="col">Change</th>
          <th scope="col" className="lp-num" title="Maximum advertised download/upload, Mbps">
            Before → after
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={`${r.provider_id}-${r.technology_code}`}
            data-testid="location-panel:change-row"
            data-kind={r.kind}
            data-provider={r.provider_id}
            data-technology={r.technology_code}
            className={`lp-change-${r.kind}`}
          >
            <td>
              <span className="lp-brand">{r.brand_name}</span>
              <span className="lp-tech">{fixedTechnologyName(r.technology_code)}</span>
            </td>
            <td>{KIND_WORDS[r.kind]}</td>
            <td className="lp-num">
              {speedText(r.before)} → {speedText(r.after)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={3} className="lp-muted">
            {changed === 0
              ? 'No provider or speed changed.'
              : `${changed} of ${rows.length} provider offers changed.`}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
