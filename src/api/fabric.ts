// Base fabric operations: vintages, layers, fields, location data (one and bulk), and the
// vector tile URL the map draws the demo fabric from.
import { getApiBase, request } from './http';
import {
  bulkLocationRecordsSchema,
  fabricVintagesSchema,
  fieldsSchema,
  layersSchema,
  locationRecordsSchema,
  type BulkLocationRecord,
  type FabricVintage,
  type FieldDef,
  type LocationRecord,
} from './schemas';

export type LocationLookup = { location_id: number } | { uuid: string };
export type LocationIds = { location_id: number[] } | { uuid: string[] };

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

export function getFabricLayers(signal?: AbortSignal): Promise<string[]> {
  return request({
    operation: 'fabric layers',
    path: '/fabric/layers',
    signal,
    schema: layersSchema,
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

/** Up to 1000 ids and 10 fields per call; records hold the fields plus the id. */
export function getBulkLocations(
  vintage: string,
  ids: LocationIds,
  fields: readonly string[],
  signal?: AbortSignal,
): Promise<BulkLocationRecord[]> {
  return request({
    operation: 'bulk location data',
    method: 'POST',
    path: `/fabric/${enc(vintage)}/bulk/locations`,
    query: { field: fields },
    body: ids,
    signal,
    schema: bulkLocationRecordsSchema,
  });
}

/**
 * The `{z}/{x}/{y}` template for a MapLibre vector source. MapLibre fetches tiles from a
 * worker, so a relative API base is made absolute against the page.
 */
export function fabricTileUrl(vintage: string): string {
  const path = `/fabric/${enc(vintage)}/tiles/{z}/{x}/{y}.pbf`;
  const base = getApiBase();
  if (/^https?:\/\//.test(base) || typeof window === 'undefined') return `${base}${path}`;
  return `${window.location.origin}${base}${path}`;
}
