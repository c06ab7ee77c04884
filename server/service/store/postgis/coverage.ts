// Fixed and mobile coverage records over PostGIS, typed as the public BDC files (as
// memory/ops/coverage-records.ts gives them): answered in the order asked, ids repeated when asked
// twice, unknown ones skipped. Within a location or cell, the memory store answers in the order
// its columns hold, which is the order the files carry: fixed by provider and technology, mobile
// by provider, environment, technology and speed. SQL has no row order, so it is stated here.
import { h3IndexToSplitLong, splitLongToH3Index } from '../../../contract/h3';
import type { FixedRecord, MobileRecord } from '../store';
import type { PgContext } from './context';

// Only locations of the fabric (any release) are answered, as the memory store looks them up.
const FIXED = `
  SELECT asked.id::text AS location_id, a.provider_id, a.frn, a.brand_name,
         a.technology::int AS technology_code, a.max_advertised_download_speed,
         a.max_advertised_upload_speed, a.low_latency::int AS low_latency,
         a.business_residential_code
    FROM unnest($2::bigint[]) WITH ORDINALITY AS asked(id, pos)
    JOIN location_features f ON f.location_id = asked.id
    JOIN fixed_availability a ON a.vintage = $1 AND a.location_id = asked.id
   ORDER BY asked.pos, a.provider_id, a.technology, a.business_residential_code,
            a.max_advertised_download_speed, a.max_advertised_upload_speed, a.low_latency`;

export async function fixedCoverage(
  ctx: PgContext,
  vintage: string,
  locationIds: number[],
): Promise<FixedRecord[]> {
  if (!ctx.coverageVintages.includes(vintage)) return [];
  const ids = locationIds.filter((id) => Number.isSafeInteger(id)).map(String);
  if (!ids.length) return [];
  const { rows } = await ctx.pool.query<Omit<FixedRecord, 'coverage'>>(FIXED, [vintage, ids]);
  return rows.map((r) => ({
    location_id: r.location_id,
    provider_id: r.provider_id,
    frn: r.frn,
    brand_name: r.brand_name,
    technology_code: r.technology_code,
    max_advertised_download_speed: r.max_advertised_download_speed,
    max_advertised_upload_speed: r.max_advertised_upload_speed,
    low_latency: r.low_latency,
    business_residential_code: r.business_residential_code,
    coverage: 1,
  }));
}

const MOBILE = `
  SELECT asked.cell AS h3_res9_id, m.frn, m.provider_id AS providerid, m.brand_name AS brandname,
         m.technology::int AS technology, m.mindown, m.minup, m.minsignal,
         m.environment::int AS environment
    FROM unnest($2::text[]) WITH ORDINALITY AS asked(cell, pos)
    JOIN mobile_coverage m ON m.vintage = $1 AND m.h3_res9_id = asked.cell
   ORDER BY asked.pos, m.provider_id, m.environment, m.technology, m.mindown, m.minup,
            m.minsignal`;

/** The cell's canonical spelling (lower case, no leading zeros), as the memory store keys it. */
function canonicalCell(cell: string): string | null {
  try {
    const [low, high] = h3IndexToSplitLong(cell) as [number, number];
    return splitLongToH3Index(low, high);
  } catch {
    return null;
  }
}

export async function mobileCoverage(
  ctx: PgContext,
  vintage: string,
  cells: string[],
): Promise<MobileRecord[]> {
  if (!ctx.coverageVintages.includes(vintage)) return [];
  const asked = cells.flatMap((c) => canonicalCell(c) ?? []);
  if (!asked.length) return [];
  const { rows } = await ctx.pool.query<MobileRecord>(MOBILE, [vintage, asked]);
  return rows.map((r) => ({
    h3_res9_id: r.h3_res9_id,
    frn: r.frn,
    providerid: r.providerid,
    brandname: r.brandname,
    technology: r.technology,
    mindown: r.mindown,
    minup: r.minup,
    minsignal: r.minsignal,
    environment: r.environment,
  }));
}
