// Street-zoom fixed broadband locations assembled from the published operations, for a service
// without fixed tiles: the bulk records of the locations in view (coordinates and the fabric
// facts a status needs), their bdcfixed records at the coverage vintage, and which of them the
// coverage vintage's fabric release holds, turned into points carrying exactly the properties
// of the reference service's `fixed` tile layer (docs/SERVICE.md), so the same status layers
// and the same MapLibre rule draw either source.
import type { Feature, Point } from 'geojson';
import { encodeTiers } from '../../shared/fixed-status';
import type { FixedRecord } from '../../shared/coverage-schemas';
import { flag, intLike, numberLike, textLike } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';
import { ApiError } from '../api/api-error';
import type { BulkRecord } from '../api/fabric';

/** The location fields the points need, asked of bulk by uuid. */
export const VIEW_FIELDS = [
  'location_id',
  'latitude',
  'longitude',
  'bsl_flag',
  'unit_count',
  'building_type_code',
] as const;

/** The official client asks bulk for at most five fields a call (docs/REAL-API.md). */
export const BULK_FIELDS_PER_CALL = 5;

/** VIEW_FIELDS cut into the field lists of successive bulk calls. */
export function fieldCalls(fields: readonly string[] = VIEW_FIELDS): string[][] {
  const calls: string[][] = [];
  for (let i = 0; i < fields.length; i += BULK_FIELDS_PER_CALL) {
    calls.push(fields.slice(i, i + BULK_FIELDS_PER_CALL));
  }
  return calls;
}

const viewRecordSchema = z.object({
  uuid: z.string(),
  location_id: intLike,
  latitude: z.pipe(numberLike, z.number().check(z.minimum(-90), z.maximum(90))),
  longitude: z.pipe(numberLike, z.number().check(z.minimum(-180), z.maximum(180))),
  bsl_flag: flag,
  // A real deployment may leave these empty; the point is still drawn, as 0 units, no type.
  unit_count: z.pipe(
    z.nullish(intLike),
    z.transform((n) => n ?? 0),
  ),
  building_type_code: z.pipe(
    z.nullish(textLike),
    z.transform((t) => t ?? ''),
  ),
});
export type ViewRecord = z.output<typeof viewRecordSchema>;

/**
 * The records of several bulk calls over the same uuids (each with some of the fields), joined
 * on uuid as the official client joins them, in the order the uuids were asked. A uuid no call
 * answered is left out (the vintage does not hold it); a record lacking a field asked for is
 * a bad answer, never a point drawn without it.
 */
export function joinBulkPages(
  uuids: readonly string[],
  pages: readonly (readonly BulkRecord[])[],
): ViewRecord[] {
  return joinBulkRecords(uuids, pages, viewRecordSchema);
}

/** joinBulkPages with the caller's record schema (another set of fields). */
export function joinBulkRecords<T>(
  uuids: readonly string[],
  pages: readonly (readonly BulkRecord[])[],
  schema: z.core.$ZodType<T>,
): T[] {
  const byUuid = new Map<string, Record<string, unknown>>();
  for (const page of pages) {
    for (const record of page) {
      const uuid = record.uuid;
      if (typeof uuid !== 'string') continue;
      byUuid.set(uuid, { ...byUuid.get(uuid), ...record });
    }
  }
  const out: T[] = [];
  for (const uuid of uuids) {
    const joined = byUuid.get(uuid);
    if (!joined) continue;
    out.push(parseBulkRecord(schema, joined, uuid));
  }
  return out;
}

/** One bulk record read by `schema`; a record lacking what was asked is a bad answer. */
export function parseBulkRecord<T>(
  schema: z.core.$ZodType<T>,
  record: unknown,
  id: string | number,
): T {
  const parsed = z.safeParse(schema, record);
  if (parsed.success) return parsed.data;
  throw new ApiError({
    status: 200,
    code: 'bad_response',
    message: 'The service sent an unexpected answer to bulk.',
    operation: 'bulk',
    details: { problem: z.prettifyError(parsed.error), id },
  });
}

/** The `fixed` tile layer's properties of one location. */
export interface FixedPointProperties {
  location_id: number;
  bsl: 0 | 1;
  units: number;
  building: string;
  /** 1 when the coverage vintage's fabric release holds the location. */
  inrelease: 0 | 1;
  /** Fixed records at the coverage vintage, before any filter. */
  offers: number;
  r: string;
  b: string;
}

export type FixedPointFeature = Feature<Point, FixedPointProperties> & { id: number };

/** A location in view: the uuid collect3 gave (its key in the view) and its point. */
export interface ViewLocation {
  uuid: string;
  feature: FixedPointFeature;
}

/** location_id as the key both answers agree on (bdcfixed sends it as numeric text). */
export const idKey = (id: string | number) => String(Number(id));

/** The bdcfixed records of several locations, by idKey of their location_id. */
export function offersByLocation(fixed: readonly FixedRecord[]): Map<string, FixedRecord[]> {
  const offers = new Map<string, FixedRecord[]>();
  for (const r of fixed) {
    const key = idKey(r.location_id);
    const list = offers.get(key);
    if (list) list.push(r);
    else offers.set(key, [r]);
  }
  return offers;
}

/**
 * The points of the records. `fixed` are the bdcfixed records of their location_ids at the
 * coverage vintage; `inRelease` the location_ids the coverage vintage's fabric release holds,
 * or null when every location counts as in it (the release is the fabric vintage drawn, or
 * the service lists no fabric release of that month).
 */
export function assembleViewLocations(
  records: readonly ViewRecord[],
  fixed: readonly FixedRecord[],
  inRelease: ReadonlySet<number> | null,
): ViewLocation[] {
  const offers = offersByLocation(fixed);
  return records.map((rec) => {
    const own = offers.get(idKey(rec.location_id)) ?? [];
    const feature: FixedPointFeature = {
      type: 'Feature',
      id: rec.location_id,
      geometry: { type: 'Point', coordinates: [rec.longitude, rec.latitude] },
      properties: {
        location_id: rec.location_id,
        bsl: rec.bsl_flag,
        units: rec.unit_count,
        building: rec.building_type_code,
        inrelease: inRelease === null || inRelease.has(rec.location_id) ? 1 : 0,
        offers: own.length,
        r: encodeTiers(own, 'residential'),
        b: encodeTiers(own, 'business'),
      },
    };
    return { uuid: rec.uuid, feature };
  });
}
