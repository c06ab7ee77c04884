// count: how many locations an area holds, and the maxcount summarize and the report weigh it
// by (the reference service's own operation, docs/SERVICE.md "count"; a real service does not
// offer it, and the app asks only a backend whose capabilities list it).
import * as z from '../../shared/zod';
import { intLike } from '../../shared/schema-primitives';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { request } from './http';

const areaCountSchema = z.object({ locationcount: intLike, maxcount: intLike });
export type AreaCount = z.output<typeof areaCountSchema>;

export function countArea(
  vintage: string,
  area: AreaGeometry,
  signal?: AbortSignal,
): Promise<AreaCount> {
  return request({
    operation: 'count',
    method: 'POST',
    path: `/fabricext/${encodeURIComponent(vintage)}/count`,
    body: area,
    signal,
    schema: areaCountSchema,
  });
}
