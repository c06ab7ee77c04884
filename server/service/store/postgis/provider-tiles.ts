// The provider filter over the fixed tiles in PostGIS (shared/provider-filter.ts): the tier
// strings the import derives (fixed_tiers) hold every provider's records, so under a provider
// each location's tiers and record count are read from that provider's rows of
// fixed_availability and encoded here with the same encodeTiers, as the memory store does
// over its cut-down coverage (memory/provider-coverage.ts).
import { encodeTiers } from '../../../../shared/fixed-status';
import type { PgContext } from './context';
import { HEX_BASE_RESOLUTION, isCoarseHexResolution, type HexResolution } from '../rules/tile-grid';
import type { OfferRow } from './coverage-at';
import { quickQuery } from './quick-query';

export interface ProviderTiers {
  offers: number;
  r: string;
  b: string;
}

/** The provider's tiers at coverage vintage cv of the locations given (none: no records). */
export async function providerTiers(
  ctx: PgContext,
  cv: string,
  provider: number,
  locationIds: readonly number[],
): Promise<Map<number, ProviderTiers>> {
  const { rows } = await quickQuery<Omit<OfferRow, 'feature'> & { id: number }>(
    ctx.pool,
    `SELECT fa.location_id::float8 AS id, fa.provider_id, fa.brand_name,
            fa.technology AS technology_code, fa.max_advertised_download_speed,
            fa.max_advertised_upload_speed, fa.low_latency, fa.business_residential_code
       FROM fixed_availability fa
      WHERE fa.vintage = $1 AND fa.provider_id = $2 AND fa.location_id = ANY($3::bigint[])`,
    [cv, provider, locationIds],
  );
  const byLocation = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byLocation.get(row.id);
    if (list) list.push(row);
    else byLocation.set(row.id, [row]);
  }
  const out = new Map<number, ProviderTiers>();
  for (const [id, list] of byLocation)
    out.set(id, {
      offers: list.length,
      r: encodeTiers(list, 'residential'),
      b: encodeTiers(list, 'business'),
    });
  return out;
}

/**
 * The location_cells rows (as c) of the cells h at res: their own column at a grouped
 * resolution, those of their res-7 children at a coarse one (rules/tile-grid.ts).
 */
export function cellLocations(res: HexResolution): string {
  return isCoarseHexResolution(res)
    ? `JOIN hex_parents p ON p.res = ${res} AND p.h3 = h.h3
    JOIN location_cells c ON c.h3_${HEX_BASE_RESOLUTION} = p.child`
    : `JOIN location_cells c ON c.h3_${res} = h.h3`;
}

/** A hexagon tile's locations one by one ($1 fabric, $2 release, box from $3), for a provider's tiers. */
export const LOCATIONS_OF_CELLS = (cells: string, res: HexResolution) => `
  SELECT h.h3, l.location_id::float8 AS id, l.bsl_flag = 1 AS bsl,
         EXISTS (SELECT 1 FROM locations r WHERE r.vintage = $2 AND r.location_id = l.location_id)
           AS inrelease
    FROM (${cells}) h
    ${cellLocations(res)}
    JOIN locations l ON l.vintage = $1 AND l.location_id = c.location_id`;
