// Base fabric operations the app calls: vintages, fields, location data, the vector tile
// URL the map draws the demo fabric from, and collect3 and bulk (the published way to read the
// locations in an area: docs/REAL-API.md, "What the official client sends").
import * as z from '../../shared/zod';
import { absoluteApiUrl, request } from './http';
import {
  fabricVintagesSchema,
  fieldsSchema,
  locationRecordsSchema,
  type FabricVintage,
  type FieldDef,
  type LocationRecord,
} from './schemas';

export type LocationLookup = { location_id: number } | { uuid: string };

const enc = encodeURIComponent;

/** Fabric vintages, oldest first (the last is the current one). */
export function getFabricVintages(signal?: AbortSignal): Promise<FabricVintage[]> {
  return request({
    operation: 'fabric vintages',
    path: '/fabric/vintages',
    signal,
    schema: fabricVintagesSchema,
  });
}

export function getFields(
  vintage: string,
  layer: string,
  signal?: AbortSignal,
): Promise<FieldDef[]> {
  return request({
    operation: 'fields',
    path: `/fabric/${enc(vintage)}/fields/${enc(layer)}`,
    signal,
    schema: fieldsSchema,
  });
}

/** Location records by location_id or uuid; `[]` for an unknown id. */
export function getLocationData(
  vintage: string,
  lookup: LocationLookup,
  signal?: AbortSignal,
): Promise<LocationRecord[]> {
  return request({
    operation: 'location data',
    path: `/fabric/${enc(vintage)}/data/locations`,
    query: { ...lookup },
    signal,
    schema: locationRecordsSchema,
  });
}

/** The `{z}/{x}/{y}` template for a MapLibre vector source (an absolute URL). */
export function fabricTileUrl(vintage: string): string {
  return absoluteApiUrl(`/fabric/${enc(vintage)}/tiles/{z}/{x}/{y}.pbf`);
}

/**
 * One collect3 answer: uuids of the layer's features inside the area, and the bodies to post
 * next when the service answers a large area in parts. Either list may be absent.
 */
const collectAnswerSchema = z.looseObject({
  data: z.pipe(
    z.nullish(z.array(z.string())),
    z.transform((d) => d ?? []),
  ),
  continuations: z.pipe(
    z.nullish(z.array(z.looseObject({ body: z.unknown() }))),
    z.transform((c) => c ?? []),
  ),
});
export type CollectAnswer = z.output<typeof collectAnswerSchema>;

/** POST /fabric/{v}/collect3/{layer} with an area, or with a continuation body it gave. */
export function collect3(
  vintage: string,
  layer: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<CollectAnswer> {
  return request({
    operation: 'collect3',
    method: 'POST',
    path: `/fabric/${enc(vintage)}/collect3/${enc(layer)}`,
    body,
    signal,
    schema: collectAnswerSchema,
  });
}

/** A bulk record: the id asked by, and the fields asked for (read by the caller's schema). */
const bulkRecordsSchema = z.array(z.record(z.string(), z.unknown()));
export type BulkRecord = z.output<typeof bulkRecordsSchema>[number];

/**
 * POST /fabric/{v}/bulk/locations?field=...: records of up to maxrequest ids, as a bare array
 * (uuids as strings, as the official client sends them, or location_ids as numbers), each
 * holding the id it was asked by and the fields. Ids the vintage does not hold are left out.
 */
export function bulkLocations(
  vintage: string,
  ids: readonly string[] | readonly number[],
  fields: readonly string[],
  signal?: AbortSignal,
): Promise<BulkRecord[]> {
  return request({
    operation: 'bulk',
    method: 'POST',
    path: `/fabric/${enc(vintage)}/bulk/locations`,
    query: { field: fields },
    body: ids,
    signal,
    schema: bulkRecordsSchema,
  });
}
