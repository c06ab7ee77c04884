// One row per provider × technology offer, fastest first; rows reaching the threshold are marked.
import {
  meetsThreshold,
  isReliable,
  type Audience,
  type Speed,
} from '../../../shared/served-status';
import { fixedTechnologyName } from '../../../shared/technology';
import type { FixedRecord } from '../../../shared/coverage-schemas';
import { audienceNote, fixedRowsFor, formatMbps } from './fixed-rows';

interface Props {
  records: readonly FixedRecord[];
  audience: Audience;
  threshold: Speed;
}

export function FixedCoverageTable({ records, audience, threshold }: Props) {
  const rows = fixedRowsFor(records, audience);
  if (rows.length === 0) {
    return (
      <p className="lp-muted">
        No {audience} fixed broadband offers are reported here
        {records.length > 0 ? ` (${records.length} for the other audience)` : ''}.
      </p>
    );
  }
  const thresholdText = `${formatMbps(threshold.down)}/${formatMbps(threshold.up)}`;
  return (
    <table className="lp-table" aria-label="Fixed broadband providers">
      <caption className="lp-visually-hidden">
        Fixed broadband offers, fastest first; marked rows reach {thresholdText} Mbps
      </caption>
      <thead>
        <tr>
          <th scope="col">Provider</th>
          <th scope="col" className="lp-num" title="Maximum advertised download / upload, Mbps">
            Down/up
          </th>
          <th scope="col" title="Low latency (95th percentile ≤ 100 ms)">
            Low lat.
          </th>
          <th scope="col" className="lp-num" title={`Reaches ${thresholdText} Mbps`}>
            ≥ {thresholdText}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const meets = meetsThreshold(r, threshold);
          const counted = isReliable(r);
          const note = audienceNote(r.business_residential_code);
          return (
            <tr
              key={`${r.provider_id}-${r.technology_code}-${r.business_residential_code}`}
              className={meets && counted ? 'lp-row-meets' : undefined}
              data-meets-threshold={meets}
            >
              <td>
                <span className="lp-brand">{r.brand_name}</span>
                <span className="lp-tech">
                  <span className={counted ? undefined : 'lp-unreliable'}>
                    {fixedTechnologyName(r.technology_code)}
                  </span>
                  {note ? ` · ${note}` : ''}
                </span>
              </td>
              <td className="lp-num">
                {formatMbps(r.max_advertised_download_speed)} /{' '}
                {formatMbps(r.max_advertised_upload_speed)}
              </td>
              <td>{r.low_latency === 1 ? 'Yes' : 'No'}</td>
              <td className="lp-num">
                {meets && counted ? (
                  <span aria-label="Meets threshold">✓</span>
                ) : meets ? (
                  <span
                    className="lp-muted"
                    aria-label="Meets threshold, but BEAD does not count it"
                    title="Fast enough, but BEAD does not count this offer"
                  >
                    ✓
                  </span>
                ) : (
                  <span aria-label="Below threshold">–</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4} className="lp-muted">
            Speeds are maximum advertised, Mbps. Offers in italics do not count toward BEAD status
            (satellite, unlicensed fixed wireless, or not low latency).
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
