// Base fabric operations: vintages, layers, fields, data, bulk, tiles.
import { createRoute, z } from '@hono/zod-openapi';
import type { LayerName, Store } from '../store/store';
import { parseJsonBody } from '../http/body';
import { invalidParameter } from '../http/errors';
import { requireFabricVintage } from '../http/vintages';
import { zodFailure } from '../http/zod-errors';
import { errorResponses, jsonResponse, LayerParam, VintageParam } from '../schemas/common';
import {
  BulkBody,
  BulkQuery,
  BulkRecordSchema,
  DataQuery,
  FabricVintageSchema,
  FieldDefSchema,
  LayersSchema,
  LocationRecordSchema,
  TileParams,
} from '../schemas/fabric';
import { createRouter, documentOnly } from './router';

const LAYERS: readonly LayerName[] = ['locations', 'parcels', 'footprints'];

function requireLayer(layer: string, allowed: readonly LayerName[]): LayerName {
  const found = allowed.find((l) => l === layer);
  if (!found) throw invalidParameter('layer', `layer must be one of ${allowed.join(', ')}`);
  return found;
}

const tags = ['fabric'];
const VLayer = z.object({ v: VintageParam, layer: LayerParam });

const vintagesRoute = createRoute({
  method: 'get',
  path: '/vintages',
  tags,
  summary: 'Fabric vintages, ascending; the last is current',
  responses: { 200: jsonResponse(z.array(FabricVintageSchema), 'vintages'), ...errorResponses },
});

const layersRoute = createRoute({
  method: 'get',
  path: '/layers',
  tags,
  summary: 'Layer names',
  responses: { 200: jsonResponse(LayersSchema, 'layers'), ...errorResponses },
});

const fieldsRoute = createRoute({
  method: 'get',
  path: '/{v}/fields/{layer}',
  tags,
  summary: 'Field definitions of a layer',
  request: { params: VLayer },
  responses: { 200: jsonResponse(z.array(FieldDefSchema), 'fields'), ...errorResponses },
});

const dataRoute = createRoute({
  method: 'get',
  path: '/{v}/data/{layer}',
  tags,
  summary: 'Location records by location_id or uuid ([] when unknown)',
  request: { params: VLayer, query: DataQuery },
  responses: { 200: jsonResponse(z.array(LocationRecordSchema), 'records'), ...errorResponses },
});

const bulkRoute = createRoute({
  method: 'post',
  path: '/{v}/bulk/{layer}',
  tags,
  summary: 'Records of up to 1000 ids, restricted to the fields plus the id',
  request: {
    params: VLayer,
    query: BulkQuery,
    body: { content: { 'application/json': { schema: BulkBody } }, required: true },
  },
  responses: {
    200: jsonResponse(z.array(BulkRecordSchema), 'records'),
    413: jsonResponse(
      z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      'payload_too_large',
    ),
    ...errorResponses,
  },
});

const tileDoc = createRoute({
  method: 'get',
  path: '/{v}/tiles/{z}/{x}/{y}.pbf',
  tags,
  summary: 'Mapbox Vector Tile: roads, parcels, footprints, locations',
  request: { params: z.object({ v: VintageParam, ...TileParams.shape }) },
  responses: {
    200: {
      content: {
        'application/vnd.mapbox-vector-tile': { schema: z.string().openapi({ format: 'binary' }) },
      },
      description: 'tile bytes',
    },
    ...errorResponses,
  },
});

export function fabricRoutes(store: Store) {
  const router = createRouter();

  router.openapi(vintagesRoute, (c) => c.json(store.fabricVintages(), 200));
  router.openapi(layersRoute, (c) => c.json(store.layers(), 200));

  router.openapi(fieldsRoute, (c) => {
    const { v, layer } = c.req.valid('param');
    requireFabricVintage(store, v);
    return c.json(store.fields(v, requireLayer(layer, LAYERS)), 200);
  });

  router.openapi(dataRoute, (c) => {
    const { v, layer } = c.req.valid('param');
    const q = c.req.valid('query');
    requireFabricVintage(store, v);
    requireLayer(layer, ['locations']);
    if ((q.location_id === undefined) === (q.uuid === undefined)) {
      throw invalidParameter('location_id', 'give exactly one of location_id or uuid');
    }
    const by = q.location_id !== undefined ? { location_id: q.location_id } : { uuid: q.uuid! };
    return c.json(store.locationData(v, by), 200);
  });

  documentOnly(router, bulkRoute);
  const { body: _omitBody, ...bulkRequest } = bulkRoute.request;
  router.openapi({ ...bulkRoute, request: bulkRequest, hide: true }, async (c) => {
    const { v, layer } = c.req.valid('param');
    const { field } = c.req.valid('query');
    requireFabricVintage(store, v);
    requireLayer(layer, ['locations']);
    const known = new Set(
      store
        .fields(v, 'locations')
        .map((f) => f.fieldname)
        .concat(recordFields),
    );
    const unknown = field.find((f) => !known.has(f));
    if (unknown)
      throw invalidParameter('field', `field ${unknown} is not a field of the locations layer`);
    const body = await parseJsonBody(c, BulkBody);
    if ((body.location_id === undefined) === (body.uuid === undefined)) {
      throw invalidParameter('body', 'body must hold exactly one of location_id or uuid');
    }
    const ids = body.location_id ? { location_id: body.location_id } : { uuid: body.uuid! };
    return c.json(store.bulkLocations(v, ids, field), 200);
  });

  documentOnly(router, tileDoc);
  router.get('/:v/tiles/:z/:x/:tile', (c) => {
    const { v, z: zs, x: xs, tile } = c.req.param();
    const m = /^(\d{1,7})\.pbf$/.exec(tile);
    if (!m) throw invalidParameter('y', 'y must be a tile row followed by .pbf');
    if (!VintageParam.safeParse(v).success)
      throw invalidParameter('v', 'v must be six digits (YYYYMM)');
    const parsed = TileParams.safeParse({ z: zs, x: xs, y: m[1] });
    if (!parsed.success) throw zodFailure(parsed.error);
    requireFabricVintage(store, v);
    const { z: zoom, x, y } = parsed.data;
    const size = 2 ** zoom;
    if (x >= size || y >= size)
      throw invalidParameter('x', `x and y must be below ${size} at zoom ${zoom}`);
    const bytes = store.tile(v, zoom, x, y);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/vnd.mapbox-vector-tile',
      // A vintage's fabric never changes, so tiles can be cached for a day.
      'Cache-Control': 'public, max-age=86400',
    });
  });

  return router;
}

const recordFields = Object.keys(LocationRecordSchema.shape);
