// Geography operations the real service's clients call: h3assign (the official client groups
// points by their resolution-4 cell before chunking its locate POSTs) and libgetgeo (its
// examples fetch a county's boundary and collect the fabric inside it).
import { createRoute, z } from '@hono/zod-openapi';
import { latLngToCell } from '../../contract/h3';
import { parseJsonBody } from '../../contract/body';
import { ServiceError, invalidParameter } from '../../contract/errors';
import { boundaryFeature } from './boundaries';
import { errorResponses, jsonResponse } from '../../contract/schemas/common';
import {
  BoundaryFeatureSchema,
  BoundaryParams,
  BoundaryQuery,
  H3AssignBody,
  H3AssignQuery,
  H3AssignRecordSchema,
} from '../../contract/schemas/geosvc';
import { createRouter, documentOnly } from './router';

const tags = ['geosvc'];

const h3AssignRoute = createRoute({
  method: 'post',
  path: '/h3assign',
  tags,
  summary: "The H3 cell of each point at a resolution (res on the point, else the query's)",
  request: {
    query: H3AssignQuery,
    body: { content: { 'application/json': { schema: H3AssignBody } }, required: true },
  },
  responses: {
    200: jsonResponse(z.array(H3AssignRecordSchema), 'the points, each with res and h3'),
    413: jsonResponse(
      z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      'payload_too_large',
    ),
    ...errorResponses,
  },
});

const boundaryRoute = createRoute({
  method: 'get',
  path: '/libgetgeo/tiger/2020/{kind}',
  tags,
  summary: 'A county or state boundary (Census 2020 cartographic, 1:10M) as a GeoJSON Feature',
  request: { params: BoundaryParams, query: BoundaryQuery },
  responses: { 200: jsonResponse(BoundaryFeatureSchema, 'the boundary'), ...errorResponses },
});

export const GEOID_RULES = {
  counties: {
    pattern: /^\d{5}$/,
    rule: 'a 5-digit county GEOID (state and county FIPS, e.g. 17167)',
  },
  states: { pattern: /^\d{2}$/, rule: 'a 2-digit state FIPS code (e.g. 17)' },
} as const;

export function geosvcRoutes() {
  const router = createRouter();

  documentOnly(router, h3AssignRoute);
  const { body: _omitBody, ...h3Request } = h3AssignRoute.request;
  router.openapi({ ...h3AssignRoute, request: h3Request, hide: true }, async (c) => {
    const { res: queryRes } = c.req.valid('query');
    const points = await parseJsonBody(c, H3AssignBody);
    const missing = points.findIndex((p) => p.res === undefined && queryRes === undefined);
    if (missing >= 0) {
      throw invalidParameter(
        'res',
        `res is required: give it in the query (res=4) or on each point (body[${missing}] has none)`,
      );
    }
    const answer = points.map((p) => {
      const res = p.res ?? queryRes!;
      return { ...p, res, h3: latLngToCell(p.latitude, p.longitude, res) };
    });
    return c.json(answer, 200);
  });

  router.openapi(boundaryRoute, (c) => {
    const { kind } = c.req.valid('param');
    const id = c.req.valid('query').id.trim();
    if (!GEOID_RULES[kind].pattern.test(id)) {
      throw invalidParameter('id', `id must be ${GEOID_RULES[kind].rule}`);
    }
    const found = boundaryFeature(kind, id);
    if (!found) {
      throw new ServiceError(
        'not_found',
        `no ${kind === 'counties' ? 'county' : 'state'} has GEOID ${id}`,
        {
          parameter: 'id',
        },
      );
    }
    return c.json(found, 200);
  });

  return router;
}
