// history over PostGIS, as the memory store answers it (memory/ops/history.ts): seen as of release v,
// only the releases up to v count; the retirement equivalent is given only when the location is
// retired (absent from v) and the equivalent is present in v.
import type { HistoryRecord } from '../store';
import type { PgContext } from './context';

// Releases as a list ($2), never as a range: the (vintage, location_id) indexes then answer each
// release by one lookup, where `vintage <= v` would read every index whole.
const HISTORY = `
  SELECT array_agg(l.vintage ORDER BY l.vintage) AS seen,
         (SELECT r.re_location_id::float8 FROM retirements r
           WHERE r.location_id = $1 AND r.vintage = ANY($2::text[])
             AND EXISTS (SELECT 1 FROM locations e
                          WHERE e.vintage = $3 AND e.location_id = r.re_location_id)
           ORDER BY r.vintage DESC LIMIT 1) AS re
    FROM locations l WHERE l.location_id = $1 AND l.vintage = ANY($2::text[])`;

export async function history(
  ctx: PgContext,
  vintage: string,
  locationId: number,
): Promise<HistoryRecord[]> {
  const vi = ctx.vintageIndex(vintage);
  if (vi < 0 || !Number.isSafeInteger(locationId)) return [];
  const upTo = ctx.vintages.slice(0, vi + 1).map((r) => r.vintage);
  const { rows } = await ctx.pool.query<{ seen: string[] | null; re: number | null }>(HISTORY, [
    String(locationId),
    upTo,
    vintage,
  ]);
  const seen = (rows[0]?.seen ?? []).map((v) => ctx.vintageIndex(v));
  if (!seen.length) return [];
  const first = Math.min(...seen);
  const last = Math.max(...seen);
  const re = last < vi ? (rows[0].re ?? null) : null;
  return [
    {
      location_id: locationId,
      firstsvcversion: ctx.vintages[first].svcversion,
      lastsvcversion: ctx.vintages[last].svcversion,
      re_location_id: re,
    },
  ];
}

// The equivalent part of HISTORY for many locations at once, by feature: a retirement record up
// to release $2's list whose equivalent is present in $3.
const EQUIVALENTS = `
  SELECT DISTINCT lf.feature FROM location_features lf
    JOIN retirements r ON r.location_id = lf.location_id AND r.vintage = ANY($2::text[])
   WHERE lf.feature = ANY($1::integer[])
     AND EXISTS (SELECT 1 FROM locations e
                  WHERE e.vintage = $3 AND e.location_id = r.re_location_id)`;

/**
 * Of locations absent from release `vintage` (given by feature), those history at `vintage`
 * answers with a retirement equivalent, as history() would one by one.
 */
export async function retiredWithEquivalent(
  ctx: PgContext,
  vintage: string,
  features: number[],
): Promise<Set<number>> {
  const vi = ctx.vintageIndex(vintage);
  if (vi < 0 || features.length === 0) return new Set();
  const upTo = ctx.vintages.slice(0, vi + 1).map((r) => r.vintage);
  const { rows } = await ctx.pool.query<{ feature: number }>(EQUIVALENTS, [
    features,
    upTo,
    vintage,
  ]);
  return new Set(rows.map((r) => r.feature));
}
