// providers over PostGIS (docs/SERVICE.md, "providers"): each fixed provider of a coverage
// vintage with the locations it has a record at, as the memory store counts them
// (memory/ops/providers.ts); a published vintage never changes, so each is counted once.
import type { ProviderClaim } from '../../../contract/schemas/providers';
import type { PgContext } from './context';

const counted = new WeakMap<PgContext, Map<string, Promise<ProviderClaim[]>>>();

export async function providers(ctx: PgContext, coverage: string): Promise<ProviderClaim[]> {
  if (!ctx.coverageVintages.includes(coverage)) return [];
  let kept = counted.get(ctx);
  if (!kept) counted.set(ctx, (kept = new Map()));
  let found = kept.get(coverage);
  if (!found) {
    found = ctx.pool
      .query<ProviderClaim>({
        name: 'providers-claims',
        text: `SELECT provider_id, min(brand_name) AS brand_name, min(frn) AS frn,
                      count(DISTINCT location_id)::int AS locationcount
                 FROM fixed_availability WHERE vintage = $1
                GROUP BY provider_id ORDER BY provider_id`,
        values: [coverage],
      })
      .then((r) => r.rows);
    found.catch(() => kept.delete(coverage));
    kept.set(coverage, found);
  }
  return (await found).map((p) => ({ ...p }));
}
