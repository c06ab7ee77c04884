// The area report over HTTP (ours, docs/SERVICE.md "report"; the real service has no such operation):
// POST /fabricext/{v}/report?coverage=&audience=&speed=&tech=&lowlatency= with the area as
// summarize takes it (same GeoJSON, same area rules, same maxcount refusal), answering a
// planner's counts by status, technology group × speed tier, and provider. With `with` and
// `withfabric` (a second release, as the compare tile takes them) it adds what changed there.
import { createRoute, z } from '@hono/zod-openapi';
import { parseFixedFilters } from '../../../shared/fixed-status';
import { areaFromGeoJson } from '../http/area';
import { invalidParameter } from '../../contract/errors';
import { parseJsonBody } from '../../contract/body';
import { maxcountExceeded } from '../http/maxcount';
import {
  coverageForFabric,
  requireCoverageVintage,
  requireFabricVintage,
  requireFabricVintageParam,
} from '../http/vintages';
import { errorResponses, jsonResponse, VintageParam } from '../../contract/schemas/common';
import { AreaGeoJson } from '../../contract/schemas/geojson';
import { MaxcountErrorSchema } from '../../contract/schemas/maxcount';
import { ReportQuery, ReportResponseSchema } from '../../contract/schemas/report';
import type { ComparedRelease, Store } from '../store/store';
import { documentOnly, type ServiceRouter } from './router';

const reportRoute = createRoute({
  method: 'post',
  path: '/{v}/report',
  tags: ['fabricext'],
  summary:
    'Area report: locations and units by BEAD status, technology group × speed tier, and providers, under the fixed broadband filters; with `with` and `withfabric`, the change from or to that release (status at A × status at B, change classes)',
  request: {
    params: z.object({ v: VintageParam }),
    query: ReportQuery,
    body: { content: { 'application/json': { schema: AreaGeoJson } }, required: true },
  },
  responses: {
    200: jsonResponse(ReportResponseSchema, 'the report'),
    413: jsonResponse(
      z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      'payload_too_large',
    ),
    422: jsonResponse(MaxcountErrorSchema, 'maxcount_exceeded'),
    ...errorResponses,
  },
});

/** The release compared with: both parameters or neither (one alone is refused, naming the missing one). */
async function comparedRelease(
  store: Store,
  coverage: string | undefined,
  fabric: string | undefined,
): Promise<ComparedRelease | undefined> {
  if (coverage === undefined && fabric === undefined) return undefined;
  const both = 'give both (the coverage and fabric vintages compared with) or neither';
  if (coverage === undefined)
    throw invalidParameter('with', `withfabric is given without with: ${both}`);
  if (fabric === undefined)
    throw invalidParameter('withfabric', `with is given without withfabric: ${both}`);
  return {
    coverage: await requireCoverageVintage(store, coverage, 'with'),
    fabric: await requireFabricVintageParam(store, fabric, 'withfabric'),
  };
}

export function reportRoutes(router: ServiceRouter, store: Store): void {
  documentOnly(router, reportRoute);
  // The body is read by the handler (size cap, rule-naming errors), as summarize reads it.
  const { body: _omitBody, ...request } = reportRoute.request;
  router.openapi({ ...reportRoute, request, hide: true }, async (c) => {
    const { v } = c.req.valid('param');
    const query = c.req.valid('query');
    // The query schema has already refused values outside the allowed ones, naming them.
    const parsed = parseFixedFilters(query);
    if (!parsed.ok) throw invalidParameter(parsed.errors[0]!.parameter, parsed.errors[0]!.message);
    await requireFabricVintage(store, v);
    const coverage =
      query.coverage === undefined
        ? await coverageForFabric(store, v)
        : await requireCoverageVintage(store, query.coverage, 'coverage');
    const compare = await comparedRelease(store, query.with, query.withfabric);
    const area = areaFromGeoJson(await parseJsonBody(c, AreaGeoJson, 'invalid_geojson'));
    const result = await store.report(v, coverage, area, parsed.filters, compare);
    if (!result.ok) throw maxcountExceeded('reported', result);
    return c.json(result.response, 200);
  });
}
