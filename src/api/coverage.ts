// Coverage operations the app calls: BDC vintages, fixed coverage by location, mobile coverage
// by H3 res-9 cell, both also in the bulk POST form (up to 1000 ids; fixed for the locations in
// view against a service without fixed tiles), and the reference service's fixed broadband
// tiles (locations with their tier strings; hexagons under filters).
import { fixedFiltersRecord, type FixedFilters } from '../../shared/fixed-status';
import { absoluteApiUrl, request } from './http';
import {
  coverageVintagesSchema,
  fixedRecordsSchema,
  mobileRecordsSchema,
  type FixedRecord,
  type MobileRecord,
} from '../../shared/coverage-schemas';

/** Coverage vintages (YYYYMM), oldest first. */
export function getCoverageVintages(signal?: AbortSignal): Promise<string[]> {
  return request({
    operation: 'coverage vintages',
    path: '/coverage/vintages',
    query: { type: 'bdc' },
    signal,
    schema: coverageVintagesSchema,
  });
}

/** Fixed broadband records at one location, one per provider × technology. */
export function getFixedCoverage(
  vintage: string,
  locationId: number | string,
  signal?: AbortSignal,
): Promise<FixedRecord[]> {
  return request({
    operation: 'fixed coverage',
    path: '/coverage/bdcfixed',
    query: { location_id: locationId, vintage },
    signal,
    schema: fixedRecordsSchema,
  });
}

/** The fixed records of up to maxrequest locations (POST, a bare array of ids), concatenated. */
export function getFixedCoverageBulk(
  vintage: string,
  locationIds: readonly number[],
  signal?: AbortSignal,
): Promise<FixedRecord[]> {
  return request({
    operation: 'bulk fixed coverage',
    method: 'POST',
    path: '/coverage/bdcfixed',
    query: { vintage },
    body: locationIds,
    signal,
    schema: fixedRecordsSchema,
  });
}

/** Mobile broadband records in one H3 resolution-9 cell. */
export function getMobileCoverage(
  vintage: string,
  cell: string,
  signal?: AbortSignal,
): Promise<MobileRecord[]> {
  return request({
    operation: 'mobile coverage',
    path: '/coverage/bdcmobile',
    query: { h3_res9_id: cell, vintage },
    signal,
    schema: mobileRecordsSchema,
  });
}

/** The records of up to 1000 cells, concatenated. */
export function getMobileCoverageBulk(
  vintage: string,
  cells: readonly string[],
  signal?: AbortSignal,
): Promise<MobileRecord[]> {
  return request({
    operation: 'bulk mobile coverage',
    method: 'POST',
    path: '/coverage/bdcmobile',
    query: { vintage },
    body: cells,
    signal,
    schema: mobileRecordsSchema,
  });
}

const enc = encodeURIComponent;

/**
 * A tile template naming the data it was drawn from (a workspace's sync time): tiles are kept
 * a day by the browser, and a workspace synced anew must not show the tiles of the old one.
 */
const revised = (url: string, revision: string | null) =>
  revision ? `${url}&rev=${enc(revision)}` : url;

/**
 * The `{z}/{x}/{y}` template of the fixed broadband location tiles (layer `fixed`, zoom 13 and
 * closer): each location of the fabric vintage with what its status needs under any filter,
 * so a filter change re-shades them without a fetch; only the provider filter is fetched again
 * (the tiers are then that provider's alone).
 */
export function fixedTileUrl(
  coverageVintage: string,
  fabricVintage: string,
  provider: number | null = null,
  revision: string | null = null,
): string {
  return revised(
    absoluteApiUrl(
      `/coverage/${enc(coverageVintage)}/fixedtiles/{z}/{x}/{y}.pbf?fabric=${enc(fabricVintage)}${providerParam(provider)}`,
    ),
    revision,
  );
}

const providerParam = (provider: number | null | undefined) =>
  provider == null ? '' : `&provider=${provider}`;

/** The template of the compare tiles (layer `fixed_change`): both releases of each location. */
export function fixedChangeTileUrl(
  coverageVintage: string,
  fabricVintage: string,
  withCoverage: string,
  withFabric: string,
  provider: number | null = null,
  revision: string | null = null,
): string {
  return revised(
    absoluteApiUrl(
      `/coverage/${enc(coverageVintage)}/fixedchange/{z}/{x}/{y}.pbf?fabric=${enc(fabricVintage)}&with=${enc(withCoverage)}&withfabric=${enc(withFabric)}${providerParam(provider)}`,
    ),
    revision,
  );
}

/** The template of the fixed broadband hexagon tiles (layer `fixed_hex`), counted under `filters`. */
export function fixedHexTileUrl(
  coverageVintage: string,
  fabricVintage: string,
  filters: FixedFilters,
  revision: string | null = null,
): string {
  const query = new URLSearchParams({ fabric: fabricVintage, ...fixedFiltersRecord(filters) });
  return revised(
    absoluteApiUrl(`/coverage/${enc(coverageVintage)}/fixedhex/{z}/{x}/{y}.pbf?${query}`),
    revision,
  );
}

/** The template of the net-change hexagons (layer `fixed_change_hex`) between two releases. */
export function fixedChangeHexTileUrl(
  coverageVintage: string,
  fabricVintage: string,
  withCoverage: string,
  withFabric: string,
  filters: FixedFilters,
  revision: string | null = null,
): string {
  const query = new URLSearchParams({
    fabric: fabricVintage,
    with: withCoverage,
    withfabric: withFabric,
    ...fixedFiltersRecord(filters),
  });
  return revised(
    absoluteApiUrl(`/coverage/${enc(coverageVintage)}/fixedchangehex/{z}/{x}/{y}.pbf?${query}`),
    revision,
  );
}
