// POST /fabric/{v}/collect3/{layer} (and /fabric/{v}/collect2, its locations): the uuids of a layer's features inside a GeoJSON area.
// A large area is answered in parts (store/memory/ops/collect3.ts over the memory store, store/postgis/collect.ts over PostGIS): the answer then lists continuations,
// each a body to post next (the area as a MultiPolygon Feature plus a sealed `continuation`
// property), and carries no data itself.
import { createRoute, z } from '@hono/zod-openapi';
import type { CollectLimits, LayerName, Store } from '../store/store';
import { areaFromGeoJson } from '../http/area';
import { readJsonBody } from '../../contract/body';
import { areaDigest, continuationError, createContinuationSigner } from '../http/continuation';
import { ServiceError, invalidParameter } from '../../contract/errors';
import { requireFabricVintage } from '../http/vintages';
import { describeIssue } from '../../contract/zod-errors';
import { CollectRequestSchema, CollectResponseSchema } from '../../contract/schemas/collect3';
import {
  errorResponses,
  jsonResponse,
  LayerParam,
  VintageParam,
} from '../../contract/schemas/common';
import { AreaGeoJson } from '../../contract/schemas/geojson';
import { createRouter, documentOnly } from './router';

const LAYERS: readonly LayerName[] = ['locations', 'parcels', 'footprints'];
/**
 * Continuation bodies repeat the area, so an answer lists fewer of them as the area grows: their
 * bodies total at most ANSWER_BYTES, and an area too large for three within that still gets
 * three (the fewest that split a part: two halves and the points between them), about three
 * times the area posted. A continuation that is posted splits again, carrying the rest.
 */
const ANSWER_BYTES = 1024 * 1024;
/** A continuation's envelope beside its area: the sealed part and the Feature around it. */
const CONTINUATION_OVERHEAD = 512;

const collectRoute = createRoute({
  method: 'post',
  path: '/{v}/collect3/{layer}',
  tags: ['fabric'],
  summary:
    'uuids of the features inside an area (locations by their point, parcels and footprints by a point inside each); a large area in parts',
  request: {
    params: z.object({ v: VintageParam, layer: LayerParam }),
    body: { content: { 'application/json': { schema: CollectRequestSchema } }, required: true },
  },
  responses: {
    200: jsonResponse(CollectResponseSchema, 'uuids, or the bodies to post next'),
    413: jsonResponse(
      z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      'payload_too_large',
    ),
    ...errorResponses,
  },
});

// The official client's older releases post to collect2, which has no layer: the locations.
const collect2Route = createRoute({
  ...collectRoute,
  path: '/{v}/collect2',
  summary: 'collect3 of the locations layer, at the path older client releases call',
  request: { ...collectRoute.request, params: z.object({ v: VintageParam }) },
});

/** The sealed part a continuation body carries, or null for a first call. */
function continuationOf(doc: unknown): string | null {
  if (typeof doc !== 'object' || doc === null || (doc as { type?: unknown }).type !== 'Feature') {
    return null;
  }
  const props = (doc as { properties?: unknown }).properties;
  if (typeof props !== 'object' || props === null || !('continuation' in props)) return null;
  const token = (props as { continuation: unknown }).continuation;
  if (typeof token !== 'string') {
    throw continuationError('format', 'continuation must be the text an answer gave');
  }
  return token;
}

function parseArea(doc: unknown) {
  const result = AreaGeoJson.safeParse(doc);
  if (!result.success) {
    const issue = result.error.issues[0];
    const message = issue ? describeIssue(issue, 'body') : 'request body is invalid';
    throw new ServiceError('invalid_geojson', message, {
      parameter: 'body',
      path: issue?.path.join('.') ?? '',
    });
  }
  return areaFromGeoJson(result.data);
}

/** The service's parts: most features per call, most continuations listed per answer. */
const DEFAULT_COLLECT_LIMITS: CollectLimits = { partSize: 5000, maxParts: 64 };

/** `continuationKey`: shared with the worker threads that answer collect3 (else random). */
export function collect3Routes(
  store: Store,
  limits: CollectLimits = DEFAULT_COLLECT_LIMITS,
  continuationKey?: Uint8Array,
) {
  const router = createRouter();
  const signer = createContinuationSigner(
    continuationKey ? Buffer.from(continuationKey) : undefined,
  );

  async function collect(v: string, layer: LayerName, doc: unknown) {
    const token = continuationOf(doc);
    const area = parseArea(doc);
    const areaJson = JSON.stringify(area);
    const claims = { v, layer, area: areaDigest(areaJson) };
    const part = token === null ? null : signer.open(token, claims);
    const perPart = areaJson.length + CONTINUATION_OVERHEAD;
    const maxParts = Math.max(3, Math.min(limits.maxParts, Math.floor(ANSWER_BYTES / perPart)));
    const result = await store.collect(v, layer, area, part, { ...limits, maxParts });
    if (!result) throw continuationError('part', 'continuation names no part of this layer');
    const continuations = result.parts.map((p) => ({
      body: {
        type: 'Feature' as const,
        properties: { continuation: signer.seal({ ...claims, part: p }) },
        geometry: { type: 'MultiPolygon' as const, coordinates: area },
      },
    }));
    return { data: result.uuids, continuations };
  }

  documentOnly(router, collectRoute);
  documentOnly(router, collect2Route);
  const { body: _omitBody, ...request } = collectRoute.request;
  router.openapi({ ...collectRoute, request, hide: true }, async (c) => {
    const { v, layer: name } = c.req.valid('param');
    const layer = LAYERS.find((l) => l === name);
    await requireFabricVintage(store, v);
    if (!layer) throw invalidParameter('layer', `layer must be one of ${LAYERS.join(', ')}`);
    return c.json(await collect(v, layer, await readJsonBody(c)), 200);
  });
  const { body: _omitBody2, ...request2 } = collect2Route.request;
  router.openapi({ ...collect2Route, request: request2, hide: true }, async (c) => {
    const { v } = c.req.valid('param');
    await requireFabricVintage(store, v);
    return c.json(await collect(v, 'locations', await readJsonBody(c)), 200);
  });

  return router;
}
