// Coverage operations the app calls: BDC vintages, fixed coverage by location, mobile coverage
// by H3 res-9 cell, the latter also in the bulk POST form (up to 1000 cells).
import { request } from './http';
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
