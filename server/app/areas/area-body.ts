// What PUT /api/areas/:id accepts (docs/SERVICE.md, "Saved areas"): an area's own fields as the
// browser keeps them, checked with zod, then its outline under the project's area rules
// (shared/area-rules.ts, through the service's own refusals), and its size under the limit.
import { z } from 'zod';
import { ServiceError } from '../../contract/errors';
import { parseJsonBody } from '../../contract/body';
import { MultiPolygonGeometry, PolygonGeometry } from '../../contract/schemas/geojson';
import { areaFromGeoJson } from '../../service/http/area';
import type { Context } from 'hono';
import type { AreaContent } from './area-store';

export const MAX_NAME_LENGTH = 200;
/** Bytes of one area's fields as JSON: a county outline is well under it. */
export const MAX_AREA_BYTES = 1024 * 1024;
/** Ids the browser makes (UUIDs), and nothing that could name another file. */
export const AREA_ID = /^[A-Za-z0-9_-]{1,80}$/;

const AreaBody = z.object({
  name: z.string().max(MAX_NAME_LENGTH),
  geometry: z.discriminatedUnion('type', [PolygonGeometry, MultiPolygonGeometry]),
  source: z.enum(['draw', 'import', 'county', 'state', 'place']),
  createdAt: z.number().int().min(0),
  geoid: z
    .string()
    .regex(/^(\d{2}|\d{5})$/, 'must be a state (2 digits) or county (5 digits) GEOID')
    .optional(),
  /** The version this copy was made from; absent for an area new to the server. */
  baseVersion: z.number().int().positive().optional(),
});

export const SharedBody = z.object({ shared: z.boolean() });

export interface AreaWrite {
  content: AreaContent;
  baseVersion: number | undefined;
}

export async function readAreaWrite(c: Context): Promise<AreaWrite> {
  const { baseVersion, ...content } = await parseJsonBody(c, AreaBody);
  areaFromGeoJson(content.geometry);
  const bytes = Buffer.byteLength(JSON.stringify(content));
  if (bytes > MAX_AREA_BYTES)
    throw new ServiceError(
      'payload_too_large',
      `the area is ${bytes} bytes as JSON; one saved area may be at most ${MAX_AREA_BYTES} bytes (simplify its outline, or keep it as a GeoJSON file)`,
      { rule: 'max_area_bytes', bytes, limit: MAX_AREA_BYTES },
    );
  return { content, baseVersion };
}
