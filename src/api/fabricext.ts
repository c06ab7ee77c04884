// Extension operations: match, history, locate, translate, summarize.
import { fixedFiltersRecord, type FixedFilters } from '../../shared/fixed-status';
import { isApiError } from './api-error';
import { request } from './http';
import {
  historyRecordsSchema,
  locateRecordsSchema,
  matchResponseSchema,
  summarizeResponseSchema,
  translateRecordsSchema,
  type HistoryRecord,
  type IdKind,
  type LocateRecord,
  type MatchParts,
  type MatchResponse,
  type SummarizeResponse,
  type TranslateRecord,
} from './schemas';

const enc = encodeURIComponent;

export type MatchQuery = { text: string } | MatchParts;

/** Address → fabric locations, best first; no location rather than a weak guess. */
export function matchAddress(
  vintage: string,
  query: MatchQuery,
  maxresults = 1,
  signal?: AbortSignal,
): Promise<MatchResponse> {
  return request({
    operation: 'match',
    path: `/fabricext/${enc(vintage)}/match`,
    query: { ...query, maxresults },
    signal,
    schema: matchResponseSchema,
  });
}

/** The versions a location existed in; `[]` for an id never seen. */
export function getHistory(
  vintage: string,
  locationId: number,
  signal?: AbortSignal,
): Promise<HistoryRecord[]> {
  return request({
    operation: 'history',
    path: `/fabricext/${enc(vintage)}/history`,
    query: { location_id: locationId },
    signal,
    schema: historyRecordsSchema,
  });
}

export interface LocateParams {
  latitude: number;
  longitude: number;
  /** 0..1000 m, service default 500. */
  parceldistancem?: number;
  /** 0..100 m, service default 50. */
  neardistancem?: number;
}

/** A map point → the fabric location meant by it: `[]` or one record. */
export function locate(
  vintage: string,
  params: LocateParams,
  signal?: AbortSignal,
): Promise<LocateRecord[]> {
  return request({
    operation: 'locate',
    path: `/fabricext/${enc(vintage)}/locate`,
    query: { ...params },
    signal,
    schema: locateRecordsSchema,
  });
}

/** location_id ⇄ uuid within one vintage; `[]` when the id is not in it. */
export function translateId(
  vintage: string,
  src: IdKind,
  dest: IdKind,
  id: string | number,
  signal?: AbortSignal,
): Promise<TranslateRecord[]> {
  return request({
    operation: 'translate',
    path: `/fabricext/${enc(vintage)}/translate`,
    query: { src, dest, id },
    signal,
    schema: translateRecordsSchema,
  });
}

export type SummarizeArea =
  | GeoJSON.Polygon
  | GeoJSON.MultiPolygon
  | GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>
  | GeoJSON.FeatureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon>;

/**
 * Where the computed fields (served_status, max_down_mbps, ...) are read: the coverage vintage
 * picked and the planner's filters, so a summary's status rows are the report's and the map's.
 * The reference service's own parameters; without them it reads the fabric vintage's coverage
 * under the BEAD rule.
 */
export interface SummaryAt {
  coverage: string | null;
  filters: FixedFilters;
}

/**
 * Aggregates fields over an area. Past the service's maxcount it throws an ApiError with code
 * `maxcount_exceeded` whose details hold `locationcount` and `maxcount` (see
 * `maxcountExceeded`), so a caller can split the area and merge the parts.
 */
export function summarizeArea(
  vintage: string,
  area: SummarizeArea,
  fields: readonly string[],
  nocat: boolean,
  signal?: AbortSignal,
  at?: SummaryAt,
): Promise<SummarizeResponse> {
  return request({
    operation: 'summarize',
    method: 'POST',
    path: `/fabricext/${enc(vintage)}/summarize`,
    query: {
      field: fields,
      nocat: nocat ? 1 : undefined,
      coverage: at?.coverage ?? undefined,
      ...(at ? fixedFiltersRecord(at.filters) : {}),
    },
    body: area,
    signal,
    schema: summarizeResponseSchema,
  });
}

export interface MaxcountExceeded {
  locationcount: number;
  maxcount: number;
}

/** The counts of a 422 maxcount_exceeded error, or null for any other error. */
export function maxcountExceeded(error: unknown): MaxcountExceeded | null {
  if (!isApiError(error) || error.code !== 'maxcount_exceeded') return null;
  const locationcount = Number(error.details?.locationcount);
  const maxcount = Number(error.details?.maxcount);
  if (!Number.isFinite(locationcount) || !Number.isFinite(maxcount)) return null;
  return { locationcount, maxcount };
}
