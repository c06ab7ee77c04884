// places over HTTP (ours: the reference service offers it, the real service does not):
// GET /fabricext/{v}/places?q=&maxresults= for the search box's towns, ZIP codes and streets.
import { createRoute, z } from '@hono/zod-openapi';
import type { Store } from '../store/store';
import { requireFabricVintage } from '../http/vintages';
import { errorResponses, jsonResponse, VintageParam } from '../../contract/schemas/common';
import { PlacesQuery, PlacesResponseSchema } from '../../contract/schemas/places';
import type { ServiceRouter } from './router';

const placesRoute = createRoute({
  method: 'get',
  path: '/{v}/places',
  tags: ['fabricext'],
  summary: 'A town, ZIP code or street (no house number) → places with their extent, and addresses',
  request: { params: z.object({ v: VintageParam }), query: PlacesQuery },
  responses: { 200: jsonResponse(PlacesResponseSchema, 'places'), ...errorResponses },
});

export function placesRoutes(router: ServiceRouter, store: Store): void {
  router.openapi(placesRoute, async (c) => {
    const { v } = c.req.valid('param');
    const { q, maxresults } = c.req.valid('query');
    await requireFabricVintage(store, v);
    return c.json(await store.places(v, q, maxresults ?? 10), 200);
  });
}
