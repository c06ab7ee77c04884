// history over PostGIS, as the memory store answers it (ops/history.ts): seen as of release v,
// only the releases up to v count; the retirement equivalent is given only when the location is
// retired (absent from v) and the equivalent is present in v.
import type { HistoryRecord } from '../store';
import type { PgContext } from './context';

const HISTORY = `
  SELECT array_agg(l.vintage ORDER BY l.vintage) AS seen,
         (SELECT r.re_location_id::float8 FROM retirements r
           WHERE r.location_id = $1 AND r.vintage <= $2
             AND EXISTS (SELECT 1 FROM locations e
                          WHERE e.vintage = $2 AND e.location_id = r.re_location_id)
           ORDER BY r.vintage DESC LIMIT 1) AS re
    FROM locations l WHERE l.location_id = $1 AND l.vintage <= $2`;

export async function history(
  ctx: PgContext,
  vintage: string,
  locationId: number,
): Promise<HistoryRecord[]> {
  const vi = ctx.vintageIndex(vintage);
  if (vi < 0 || !Number.isSafeInteger(locationId)) return [];
  const { rows } = await ctx.pool.query<{ seen: string[] | null; re: number | null }>(HISTORY, [
    String(locationId),
    vintage,
  ]);
  // Releases the store does not list (a table still being published) do not count.
  const seen = (rows[0]?.seen ?? []).map((v) => ctx.vintageIndex(v)).filter((i) => i >= 0);
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
