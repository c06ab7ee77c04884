// providers over HTTP (ours; docs/SERVICE.md, "providers"): GET /fabricext/{v}/providers?q=
// for the search box's provider suggestions. The store counts each provider's claims; which
// ones the text names is rules/provider-match.ts, so both stores answer alike.
import { createRoute, z } from '@hono/zod-openapi';
import type { Store } from '../store/store';
import { coverageForFabric, requireCoverageVintage, requireFabricVintage } from '../http/vintages';
import { errorResponses, jsonResponse, VintageParam } from '../../contract/schemas/common';
import { ProvidersQuery, ProvidersResponseSchema } from '../../contract/schemas/providers';
import { matchProviders } from '../store/rules/provider-match';
import type { ServiceRouter } from './router';

const providersRoute = createRoute({
  method: 'get',
  path: '/{v}/providers',
  tags: ['fabricext'],
  summary: 'Fixed broadband providers a brand name, provider id or FRN names, with their claims',
  request: { params: z.object({ v: VintageParam }), query: ProvidersQuery },
  responses: { 200: jsonResponse(ProvidersResponseSchema, 'providers'), ...errorResponses },
});

export function providersRoutes(router: ServiceRouter, store: Store): void {
  router.openapi(providersRoute, async (c) => {
    const { v } = c.req.valid('param');
    const { q = '', coverage: asked, maxresults } = c.req.valid('query');
    await requireFabricVintage(store, v);
    const coverage =
      asked === undefined
        ? await coverageForFabric(store, v)
        : await requireCoverageVintage(store, asked, 'coverage');
    const named = matchProviders(await store.providers(coverage), q);
    return c.json(
      {
        q,
        coverage,
        providercount: named.length,
        providers: named.slice(0, maxresults ?? 10),
      },
      200,
    );
  });
}
