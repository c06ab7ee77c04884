// locate over HTTP: GET for one point, POST for up to 1000 (the official client's bulk form,
// chunked by H3 cell). Both echo each point's sourcekey so a client joins answers back to its
// rows; POST answers only the points that found a location, as GET answers [] for the others.
import { createRoute, z } from '@hono/zod-openapi';
import type { Store } from '../store/store';
import { parseJsonBody } from '../../contract/body';
import { invalidParameter } from '../../contract/errors';
import { requireFabricVintage } from '../http/vintages';
import { boundingBoxKm2 } from './locate-extent';
import { errorResponses, jsonResponse, VintageParam } from '../../contract/schemas/common';
import {
  LocateBulkBody,
  LocateOptionsQuery,
  LocateQuery,
  LocateRecordSchema,
  MAX_LOCATE_EXTENT_KM2,
  locateOptions,
} from '../../contract/schemas/locate';
import { documentOnly, type ServiceRouter } from './router';

const tags = ['fabricext'];
const params = z.object({ v: VintageParam });

const locateRoute = createRoute({
  method: 'get',
  path: '/{v}/locate',
  tags,
  summary: 'Coordinates → location (FootprintParcel, Footprint, Parcel, Nearest) or []',
  request: { params, query: LocateQuery },
  responses: {
    200: jsonResponse(z.array(LocateRecordSchema), 'zero or one match'),
    ...errorResponses,
  },
});

const locateBulkRoute = createRoute({
  method: 'post',
  path: '/{v}/locate',
  tags,
  summary: `Up to 1000 points (within ${MAX_LOCATE_EXTENT_KM2} km²) → one record per located point`,
  request: {
    params,
    query: LocateOptionsQuery,
    body: { content: { 'application/json': { schema: LocateBulkBody } }, required: true },
  },
  responses: {
    200: jsonResponse(z.array(LocateRecordSchema), 'the located points, in input order'),
    413: jsonResponse(
      z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      'payload_too_large',
    ),
    ...errorResponses,
  },
});

export function locateRoutes(router: ServiceRouter, store: Store): void {
  router.openapi(locateRoute, async (c) => {
    const { v } = c.req.valid('param');
    const q = c.req.valid('query');
    await requireFabricVintage(store, v);
    const point = { latitude: q.latitude, longitude: q.longitude, sourcekey: q.sourcekey ?? null };
    return c.json(await store.locate(v, point, locateOptions(q)), 200);
  });

  // The body is read by the handler (size cap, any Content-Type, errors naming the item).
  documentOnly(router, locateBulkRoute);
  const { body: _omitBody, ...request } = locateBulkRoute.request;
  router.openapi({ ...locateBulkRoute, request, hide: true }, async (c) => {
    const { v } = c.req.valid('param');
    const options = locateOptions(c.req.valid('query'));
    await requireFabricVintage(store, v);
    const points = await parseJsonBody(c, LocateBulkBody);
    const km2 = boundingBoxKm2(points);
    if (km2 > MAX_LOCATE_EXTENT_KM2) {
      throw invalidParameter(
        'body',
        `body points must lie within a box of at most ${MAX_LOCATE_EXTENT_KM2} km² (these span ${Math.round(km2)} km²); split them, e.g. by H3 resolution-4 cell`,
      );
    }
    const found = [];
    for (const p of points) {
      const point = {
        latitude: p.latitude,
        longitude: p.longitude,
        sourcekey: p.sourcekey ?? null,
      };
      // One point at a time: a database-backed store is not flooded with a whole body at once.
      found.push(...(await store.locate(v, point, options)));
    }
    return c.json(found, 200);
  });
}
