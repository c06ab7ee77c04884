// Extension operations: match, history, locate, translate, summarize (match and locate, GET
// and POST, are registered from match.ts and locate.ts; places, report and count, ours, from
// places.ts, report.ts and count.ts).
import { createRoute, z } from '@hono/zod-openapi';
import { parseFixedFilters } from '../../../shared/fixed-status';
import type { Store } from '../store/store';
import { areaFromGeoJson } from '../http/area';
import { parseJsonBody } from '../../contract/body';
import { invalidParameter } from '../../contract/errors';
import { maxcountExceeded } from '../http/maxcount';
import type { Dialect } from '../../contract/dialect';
import { renderHistory } from '../http/render-fabric';
import { requireCoverageVintage, requireFabricVintage } from '../http/vintages';
import { errorResponses, jsonResponse, VintageParam } from '../../contract/schemas/common';
import {
  HistoryQuery,
  historyRecordSchema,
  SummarizeQuery,
  SummarizeResponseSchema,
  TranslateQuery,
  TranslateRecordSchema,
} from '../../contract/schemas/fabricext';
import { AreaGeoJson } from '../../contract/schemas/geojson';
import { MaxcountErrorSchema } from '../../contract/schemas/maxcount';
import { locateRoutes } from './locate';
import { matchRoutes } from './match';
import { placesRoutes } from './places';
import { reportRoutes } from './report';
import { providersRoutes } from './providers';
import { countRoutes } from './count';
import { createRouter, documentOnly } from './router';

const tags = ['fabricext'];
const params = z.object({ v: VintageParam });

// Its version names follow the service's dialect, in the answers and in the document.
const historyRoute = (d: Dialect) =>
  createRoute({
    method: 'get',
    path: '/{v}/history',
    tags,
    summary: 'Versions in which a location existed, with its retirement equivalent',
    request: { params, query: HistoryQuery },
    responses: {
      200: jsonResponse(z.array(historyRecordSchema(d)), 'history'),
      ...errorResponses,
    },
  });

const translateRoute = createRoute({
  method: 'get',
  path: '/{v}/translate',
  tags,
  summary: 'location_id ↔ uuid within a vintage',
  request: { params, query: TranslateQuery },
  responses: { 200: jsonResponse(z.array(TranslateRecordSchema), 'both ids'), ...errorResponses },
});

const summarizeRoute = createRoute({
  method: 'post',
  path: '/{v}/summarize',
  tags,
  summary: 'Aggregate location fields over a GeoJSON area',
  request: {
    params,
    query: SummarizeQuery,
    body: { content: { 'application/json': { schema: AreaGeoJson } }, required: true },
  },
  responses: {
    200: jsonResponse(SummarizeResponseSchema, 'summary rows'),
    413: jsonResponse(
      z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      'payload_too_large',
    ),
    422: jsonResponse(MaxcountErrorSchema, 'maxcount_exceeded'),
    ...errorResponses,
  },
});

export function fabricextRoutes(store: Store, dialect: Dialect = 'both') {
  const router = createRouter();

  matchRoutes(router, store);
  placesRoutes(router, store);
  reportRoutes(router, store);
  providersRoutes(router, store);
  countRoutes(router, store);

  router.openapi(historyRoute(dialect), async (c) => {
    const { v } = c.req.valid('param');
    await requireFabricVintage(store, v);
    const records = await store.history(v, c.req.valid('query').location_id);
    return c.json(
      records.map((r) => renderHistory(r, dialect)),
      200,
    );
  });

  locateRoutes(router, store);

  router.openapi(translateRoute, async (c) => {
    const { v } = c.req.valid('param');
    const { src, dest, id } = c.req.valid('query');
    await requireFabricVintage(store, v);
    if (src === 'location_id' && !/^\d{1,16}$/.test(id)) {
      throw invalidParameter('id', 'id must be an integer when src is location_id');
    }
    return c.json(await store.translate(v, src, dest, id), 200);
  });

  documentOnly(router, summarizeRoute);
  const { body: _omitBody, ...summarizeRequest } = summarizeRoute.request;
  router.openapi({ ...summarizeRoute, request: summarizeRequest, hide: true }, async (c) => {
    const { v } = c.req.valid('param');
    const { field, nocat, coverage, ...query } = c.req.valid('query');
    // The query schema has already refused values outside the allowed ones, naming them.
    const parsed = parseFixedFilters(query);
    if (!parsed.ok) throw invalidParameter(parsed.errors[0]!.parameter, parsed.errors[0]!.message);
    await requireFabricVintage(store, v);
    if (coverage !== undefined) await requireCoverageVintage(store, coverage, 'coverage');
    const defs = new Map((await store.fields(v, 'locations')).map((f) => [f.fieldname, f]));
    for (const name of field) {
      const def = defs.get(name);
      if (!def)
        throw invalidParameter('field', `field ${name} is not a field of the locations layer`);
      if (def.reportable !== 1) throw invalidParameter('field', `field ${name} is not reportable`);
    }
    const area = areaFromGeoJson(await parseJsonBody(c, AreaGeoJson, 'invalid_geojson'));
    const nocategories = nocat === '1' || nocat === 'true';
    const result = await store.summarize(v, area, [...new Set(field)], nocategories, {
      coverage,
      filters: parsed.filters,
    });
    if (!result.ok) throw maxcountExceeded('summarized', result);
    return c.json(result.response, 200);
  });

  return router;
}
