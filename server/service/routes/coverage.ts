// Coverage operations: vintages, fixed coverage by location, mobile coverage by H3 cell.
import { createRoute, z } from '@hono/zod-openapi';
import { getResolution, isValidCell } from '../../contract/h3';
import type { Store } from '../store/store';
import { parseJsonBody } from '../../contract/body';
import { invalidParameter } from '../../contract/errors';
import { resolveCoverageVintage } from '../http/vintages';
import { errorResponses, jsonResponse } from '../../contract/schemas/common';
import {
  BulkVintageQuery,
  CoverageVintagesQuery,
  CoverageVintagesSchema,
  FixedBulkBody,
  FixedQuery,
  FixedRecordSchema,
  MobileBulkBody,
  MobileQuery,
  MobileRecordSchema,
} from '../../contract/schemas/coverage';
import { createRouter, documentOnly } from './router';

const tags = ['coverage'];

function requireRes9Cell(id: string, parameter: string): string {
  const cell = id.trim().toLowerCase();
  if (!isValidCell(cell) || getResolution(cell) !== 9) {
    throw invalidParameter(
      parameter,
      `${parameter} must be a valid H3 cell of resolution 9 (got "${id.slice(0, 20)}")`,
    );
  }
  return cell;
}

const vintagesRoute = createRoute({
  method: 'get',
  path: '/vintages',
  tags,
  summary: 'Coverage vintages (type=bdc), ascending',
  request: { query: CoverageVintagesQuery },
  responses: { 200: jsonResponse(CoverageVintagesSchema, 'vintages'), ...errorResponses },
});

const fixedRoute = createRoute({
  method: 'get',
  path: '/bdcfixed',
  tags,
  summary: 'Fixed broadband records of a location (newest vintage by default)',
  request: { query: FixedQuery },
  responses: { 200: jsonResponse(z.array(FixedRecordSchema), 'records'), ...errorResponses },
});

const fixedBulkRoute = createRoute({
  method: 'post',
  path: '/bdcfixed',
  tags,
  summary: 'Fixed broadband records of up to 1000 locations',
  request: {
    query: BulkVintageQuery,
    body: { content: { 'application/json': { schema: FixedBulkBody } }, required: true },
  },
  responses: { 200: jsonResponse(z.array(FixedRecordSchema), 'records'), ...errorResponses },
});

const mobileRoute = createRoute({
  method: 'get',
  path: '/bdcmobile',
  tags,
  summary: 'Mobile broadband records of an H3 res-9 cell (newest vintage by default)',
  request: { query: MobileQuery },
  responses: { 200: jsonResponse(z.array(MobileRecordSchema), 'records'), ...errorResponses },
});

const mobileBulkRoute = createRoute({
  method: 'post',
  path: '/bdcmobile',
  tags,
  summary: 'Mobile broadband records of up to 1000 H3 res-9 cells',
  request: {
    query: BulkVintageQuery,
    body: { content: { 'application/json': { schema: MobileBulkBody } }, required: true },
  },
  responses: { 200: jsonResponse(z.array(MobileRecordSchema), 'records'), ...errorResponses },
});

export function coverageRoutes(store: Store) {
  const router = createRouter();

  router.openapi(vintagesRoute, async (c) => c.json(await store.coverageVintages(), 200));

  router.openapi(fixedRoute, async (c) => {
    const { location_id, vintage } = c.req.valid('query');
    const resolved = await resolveCoverageVintage(store, vintage);
    return c.json(await store.fixedCoverage(resolved, [location_id]), 200);
  });

  router.openapi(mobileRoute, async (c) => {
    const { h3_res9_id, vintage } = c.req.valid('query');
    const cell = requireRes9Cell(h3_res9_id, 'h3_res9_id');
    const resolved = await resolveCoverageVintage(store, vintage);
    return c.json(await store.mobileCoverage(resolved, [cell]), 200);
  });

  documentOnly(router, fixedBulkRoute);
  router.openapi(
    { ...fixedBulkRoute, request: { query: BulkVintageQuery }, hide: true },
    async (c) => {
      const vintage = await resolveCoverageVintage(store, c.req.valid('query').vintage);
      const ids = (await parseJsonBody(c, FixedBulkBody)).map(Number);
      return c.json(await store.fixedCoverage(vintage, [...new Set(ids)]), 200);
    },
  );

  documentOnly(router, mobileBulkRoute);
  router.openapi(
    { ...mobileBulkRoute, request: { query: BulkVintageQuery }, hide: true },
    async (c) => {
      const vintage = await resolveCoverageVintage(store, c.req.valid('query').vintage);
      const body = await parseJsonBody(c, MobileBulkBody);
      const cells = body.map((id, i) => requireRes9Cell(id, `body[${i}]`));
      return c.json(await store.mobileCoverage(vintage, [...new Set(cells)]), 200);
    },
  );

  return router;
}
