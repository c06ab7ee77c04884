// One row per provider × technology offer, fastest first, for the filters' audience. Rows the
// filters count (technology, latency; BEAD: reliable and low latency) that reach their speed
// are marked: the same rule the badge and the map use (shared/fixed-status.ts).
import { TIERS, countingRule, offerTier, type FixedFilters } from '../../../shared/fixed-status';
import { fixedTechnologyName } from '../../../shared/technology';
import type { FixedRecord } from '../../../shared/coverage-schemas';
import { audienceNote, fixedRowsFor, formatMbps } from './fixed-rows';

interface Props {
  records: readonly FixedRecord[];
  filters: FixedFilters;
}

export function FixedCoverageTable({ records, filters }: Props) {
  const { audience } = filters;
  const rows = fixedRowsFor(records, audience);
  if (rows.length === 0) {
    return (
      <p className="lp-muted">
        No {audience} fixed broadband offers are reported here
        {records.length > 0 ? ` (${records.length} for the other audience)` : ''}.
      </p>
    );
  }
  const rule = countingRule(filters);
  const threshold = TIERS[rule.servedTier - 1]!;
  const thresholdText = `${formatMbps(threshold.down)}/${formatMbps(threshold.up)}`;
  const bead = filters.speed === 'bead';
  const notCounted = bead ? 'BEAD does not count it' : 'the filters do not count it';
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
          const meets = offerTier(r) >= rule.servedTier;
          const counted =
            rule.codes.includes(r.technology_code) && (!rule.lowLatency || r.low_latency === 1);
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
                    aria-label={`Meets threshold, but ${notCounted}`}
                    title={`Fast enough, but ${notCounted}`}
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
            Speeds are maximum advertised, Mbps.{' '}
            {bead
              ? 'Offers in italics do not count toward BEAD status (satellite, unlicensed fixed wireless, or not low latency).'
              : 'Offers in italics are not counted under the filters (technology or latency).'}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
