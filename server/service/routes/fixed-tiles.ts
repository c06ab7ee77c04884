// Fixed broadband tiles of the reference service (docs/SERVICE.md; docs/architecture.md, "The fixed broadband path"): street-zoom
// locations with their tier strings, and H3 hexagons counted under the planner's filters. The
// real service has no such operation; the web app assembles the street zoom from published
// operations there.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { parseFixedFilters, type FixedFilters } from '../../../shared/fixed-status';
import type { ServiceEnv } from '../http/env';
import { ServiceError, invalidParameter } from '../../contract/errors';
import { resolveCoverageVintage } from '../http/vintages';
import { zodFailure } from '../../contract/zod-errors';
import { errorResponses, VintageParam } from '../../contract/schemas/common';
import { TileParams } from '../../contract/schemas/fabric';
import { FixedHexQuery, FixedTileQuery } from '../../contract/schemas/fixed-tiles';
import type { Store } from '../store/store';
import { createRouter, documentOnly } from './router';

const tags = ['coverage'];
/** A tile's OpenAPI answers: its bytes, or the service's errors. */
export const tileAnswer = {
  200: {
    content: {
      'application/vnd.mapbox-vector-tile': { schema: z.string().openapi({ format: 'binary' }) },
    },
    description: 'tile bytes',
  },
  ...errorResponses,
};
const params = z.object({ v: VintageParam, ...TileParams.shape });

const fixedTileDoc = createRoute({
  method: 'get',
  path: '/{v}/fixedtiles/{z}/{x}/{y}.pbf',
  tags,
  summary:
    'Vector tile, layer fixed: each location of a fabric vintage with its fixed offers as tiers (zoom 13 and up)',
  request: { params, query: FixedTileQuery },
  responses: tileAnswer,
});

const fixedHexDoc = createRoute({
  method: 'get',
  path: '/{v}/fixedhex/{z}/{x}/{y}.pbf',
  tags,
  summary:
    'Vector tile, layer fixed_hex: H3 cells (res 5 at zoom 5-6, 6 at 7-8, 7 at 9-10, 8 at 11-12) with BEAD counts under the filters',
  request: { params, query: FixedHexQuery },
  responses: tileAnswer,
});

export interface TileRequest {
  cv: string;
  fv: string;
  z: number;
  x: number;
  y: number;
}

/** The path's tile and the two vintages, checked in the order a client can fix them. */
export async function tileRequest(c: Context<ServiceEnv>, store: Store): Promise<TileRequest> {
  const { v, z: zs, x: xs, tile } = c.req.param() as Record<string, string>;
  if (!VintageParam.safeParse(v).success)
    throw invalidParameter('v', 'v (the coverage vintage) must be six digits (YYYYMM)');
  const m = /^(\d{1,7})\.pbf$/.exec(tile ?? '');
  if (!m) throw invalidParameter('y', 'y must be a tile row followed by .pbf');
  const parsed = TileParams.safeParse({ z: zs, x: xs, y: m[1] });
  if (!parsed.success) throw zodFailure(parsed.error);
  const { z: zoom, x, y } = parsed.data;
  const size = 2 ** zoom;
  if (x >= size || y >= size)
    throw invalidParameter('x', `x and y must be below ${size} at zoom ${zoom}`);
  const fabric = FixedTileQuery.safeParse({ fabric: c.req.query('fabric') });
  if (!fabric.success) throw zodFailure(fabric.error);
  const fv = fabric.data.fabric;
  const cv = await resolveCoverageVintage(store, v);
  if (!(await store.fabricVintages()).some((f) => f.vintage === fv)) {
    throw new ServiceError(
      'unknown_vintage',
      `fabric vintage ${fv} is not known; see /fabric/vintages`,
      {
        parameter: 'fabric',
        vintage: fv,
      },
    );
  }
  return { cv, fv, z: zoom, x, y };
}

/** The filter parameters (shared/fixed-status.ts), every bad one named in one 400. */
export function filtersOf(c: Context<ServiceEnv>): FixedFilters {
  const parsed = parseFixedFilters({
    audience: c.req.query('audience'),
    speed: c.req.query('speed'),
    tech: c.req.query('tech'),
    lowlatency: c.req.query('lowlatency'),
    provider: c.req.query('provider'),
  });
  if (parsed.ok) return parsed.filters;
  const [first] = parsed.errors;
  throw new ServiceError('invalid_parameter', parsed.errors.map((e) => e.message).join('; '), {
    parameter: first!.parameter,
    errors: parsed.errors,
  });
}

export function tileResponse(c: Context<ServiceEnv>, bytes: Uint8Array): Response {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/vnd.mapbox-vector-tile',
    // A published vintage never changes; the filters are part of the URL.
    'Cache-Control': 'public, max-age=86400',
  });
}

export function fixedTileRoutes(store: Store) {
  const router = createRouter();

  documentOnly(router, fixedTileDoc);
  router.get('/:v/fixedtiles/:z/:x/:tile', async (c) => {
    // Only the provider filter changes a point tile: the others are applied to its tiers.
    const { provider = null } = filtersOf(c);
    const t = await tileRequest(c, store);
    return tileResponse(c, await store.fixedTile(t.cv, t.fv, t.z, t.x, t.y, provider));
  });

  documentOnly(router, fixedHexDoc);
  router.get('/:v/fixedhex/:z/:x/:tile', async (c) => {
    // The filters first: a bad one is refused whatever the tile.
    const filters = filtersOf(c);
    const t = await tileRequest(c, store);
    return tileResponse(c, await store.fixedHexTile(t.cv, t.fv, t.z, t.x, t.y, filters));
  });

  return router;
}
