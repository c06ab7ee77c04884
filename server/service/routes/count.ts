// count over HTTP (ours, docs/SERVICE.md "count"; the real service has no such operation):
// POST /fabricext/{v}/count with the area as summarize takes it (same GeoJSON, same area
// rules) answers how many locations it holds and the maxcount they are weighed against, never
// refusing past it: a client splits an area before asking summarize or the report, instead of
// learning the count from their 422.
import { createRoute, z } from '@hono/zod-openapi';
import { areaFromGeoJson } from '../http/area';
import { parseJsonBody } from '../../contract/body';
import { requireFabricVintage } from '../http/vintages';
import { errorResponses, jsonResponse, VintageParam } from '../../contract/schemas/common';
import { CountResponseSchema } from '../../contract/schemas/count';
import { AreaGeoJson } from '../../contract/schemas/geojson';
import { MAXCOUNT } from '../store/contract';
import type { Store } from '../store/store';
import { documentOnly, type ServiceRouter } from './router';

const countRoute = createRoute({
  method: 'post',
  path: '/{v}/count',
  tags: ['fabricext'],
  summary: 'Locations inside an area, and the maxcount summarize and the report weigh them by',
  request: {
    params: z.object({ v: VintageParam }),
    body: { content: { 'application/json': { schema: AreaGeoJson } }, required: true },
  },
  responses: {
    200: jsonResponse(CountResponseSchema, 'the count'),
    413: jsonResponse(
      z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      'payload_too_large',
    ),
    ...errorResponses,
  },
});

export function countRoutes(router: ServiceRouter, store: Store): void {
  documentOnly(router, countRoute);
  // The body is read by the handler (size cap, rule-naming errors), as summarize reads it.
  const { body: _omitBody, ...request } = countRoute.request;
  router.openapi({ ...countRoute, request, hide: true }, async (c) => {
    const { v } = c.req.valid('param');
    await requireFabricVintage(store, v);
    const area = areaFromGeoJson(await parseJsonBody(c, AreaGeoJson, 'invalid_geojson'));
    return c.json({ locationcount: await store.count(v, area), maxcount: MAXCOUNT }, 200);
  });
}
