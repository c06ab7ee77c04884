// The rows of the fixed broadband table: one audience's offers, fastest first.
import { servesAudience, type Audience, type FixedOffer } from '../../../shared/served-status';

export interface FixedRow extends FixedOffer {
  brand_name: string;
  provider_id: number;
}

/** Offers sold to the audience, by download then upload speed, then brand for a stable order. */
export function fixedRowsFor<T extends FixedRow>(records: readonly T[], audience: Audience): T[] {
  return records
    .filter((r) => servesAudience(r, audience))
    .sort(
      (a, b) =>
        b.max_advertised_download_speed - a.max_advertised_download_speed ||
        b.max_advertised_upload_speed - a.max_advertised_upload_speed ||
        a.brand_name.localeCompare(b.brand_name) ||
        a.technology_code - b.technology_code,
    );
}

const AUDIENCE_ONLY: Record<string, string> = {
  R: 'residential only',
  B: 'business only',
};

/** What an offer's business_residential_code adds to its row: nothing for X (both). */
export function audienceNote(code: string): string | null {
  if (code === 'X') return null;
  return AUDIENCE_ONLY[code] ?? `offered to "${code}"`;
}

/** "1,000" with thin grouping, for aligned Mbps columns. */
export function formatMbps(mbps: number): string {
  return mbps.toLocaleString('en-US', { maximumFractionDigits: 1 });
}
