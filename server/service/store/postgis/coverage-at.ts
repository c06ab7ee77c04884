// The fixed records of given locations at a coverage vintage, and whether each is in the release
// that coverage was reported on: what summarize reads for a coverage vintage or audience other
// than the release's own under the BEAD rule for residential offers (which the blocks carry), and what the area report
// counts. Statuses come from the shared rule (shared/fixed-status.ts) the memory store's columns
// follow; a location outside the release gets "notinrelease", as in the memory store.
import { statusFromOffers, type FixedFilters } from '../../../../shared/fixed-status';
import type { FixedOffer } from '../../../../shared/served-status';
import { recordsOfProvider } from '../../../../shared/provider-filter';
import type { FieldColumns } from '../../../postgis/point-blocks';
import { NOT_IN_RELEASE, SERVED_STATUS } from '../rules/served-status-codes';
import type { PgContext } from './context';

/** The release coverage vintage c was reported on: the newest at or before it, or null. */
export function releaseOf(ctx: PgContext, coverage: string): string | null {
  let found: string | null = null;
  for (const v of ctx.vintages) if (v.vintage <= coverage) found = v.vintage;
  return found;
}

export interface OfferRow extends FixedOffer {
  feature: number;
  provider_id: number;
  brand_name: string;
}

/**
 * Each location's fixed records at the coverage vintage, by feature (none: absent); with a
 * provider filter, that provider's records only (shared/provider-filter.ts).
 */
export async function offersAt(
  ctx: PgContext,
  coverage: string,
  features: number[],
  provider: number | null = null,
): Promise<Map<number, OfferRow[]>> {
  const { rows } = await ctx.pool.query<OfferRow>({
    name: 'coverage-at-offers',
    text: `SELECT lf.feature, fa.provider_id, fa.brand_name, fa.technology AS technology_code,
                  fa.max_advertised_download_speed, fa.max_advertised_upload_speed,
                  fa.low_latency, fa.business_residential_code
             FROM location_features lf
             JOIN fixed_availability fa ON fa.vintage = $1 AND fa.location_id = lf.location_id
            WHERE lf.feature = ANY($2::integer[])
            ORDER BY lf.feature, fa.provider_id, fa.technology`,
    values: [coverage, features],
  });
  const byFeature = new Map<number, OfferRow[]>();
  for (const r of recordsOfProvider(rows, provider)) {
    const list = byFeature.get(r.feature);
    if (list) list.push(r);
    else byFeature.set(r.feature, [r]);
  }
  return byFeature;
}

/** Which of the features the release holds (every one when it is the release asked about). */
export async function inRelease(
  ctx: PgContext,
  release: string | null,
  features: number[],
): Promise<Set<number>> {
  if (release === null) return new Set();
  const { rows } = await ctx.pool.query<{ feature: number }>({
    name: 'coverage-at-release',
    text: `SELECT lf.feature FROM location_features lf
             JOIN locations l ON l.vintage = $1 AND l.location_id = lf.location_id
            WHERE lf.feature = ANY($2::integer[])`,
    values: [release, features],
  });
  return new Set(rows.map((r) => r.feature));
}

/**
 * Overwrites the computed fields of the points listed (positions into `f`, whose features are
 * `feature`) with their values at coverage vintage `coverage` under the filters.
 */
export async function coverageAt(
  ctx: PgContext,
  coverage: string,
  filters: FixedFilters,
  positions: ArrayLike<number>,
  feature: Uint32Array,
  f: FieldColumns,
): Promise<void> {
  const features = Array.from(positions, (k) => feature[k]);
  const [offers, present] = await Promise.all([
    offersAt(ctx, coverage, features),
    inRelease(ctx, releaseOf(ctx, coverage), features),
  ]);
  for (let n = 0; n < positions.length; n++) {
    const k = positions[n];
    const list = offers.get(feature[k]) ?? [];
    let down = 0;
    let up = 0;
    const providers = new Set<number>();
    const fiber = new Set<number>();
    for (const o of list) {
      down = Math.max(down, o.max_advertised_download_speed);
      up = Math.max(up, o.max_advertised_upload_speed);
      providers.add(o.provider_id);
      if (o.technology_code === 50) fiber.add(o.provider_id);
    }
    f.maxDown[k] = down;
    f.maxUp[k] = up;
    f.providers[k] = providers.size;
    f.fiberProviders[k] = fiber.size;
    f.servedStatus[k] = present.has(feature[k])
      ? SERVED_STATUS.indexOf(statusFromOffers(recordsOfProvider(list, filters.provider), filters))
      : NOT_IN_RELEASE;
  }
}
