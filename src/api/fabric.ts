// Base fabric operations the app calls: vintages, fields, location data, and the vector tile
// URL the map draws the demo fabric from.
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
