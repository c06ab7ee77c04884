// Base fabric operations: vintages, layers, fields, data, bulk, tiles. Answers are rendered in
// the service's dialect (server/contract/dialect.ts) where the seed and the published guide differ.
import { createRoute, z } from '@hono/zod-openapi';
import type { LayerName, Store } from '../store/store';
import { readBulkIds } from '../http/bulk-ids';
import type { Dialect } from '../../contract/dialect';
import { invalidParameter } from '../../contract/errors';
import { renderField, renderLayers, renderVintage } from '../http/render-fabric';
import { requireFabricVintage } from '../http/vintages';
import { zodFailure } from '../../contract/zod-errors';
import {
  errorResponses,
  jsonResponse,
  LayerParam,
  VintageParam,
} from '../../contract/schemas/common';
import {
  AreaFeatureRecordSchema,
  BulkAreaFeatureSchema,
  BulkBody,
  BulkQuery,
  BulkRecordSchema,
  DataQuery,
  fabricVintageSchema,
  fieldDefSchema,
  layersSchema,
  LocationRecordSchema,
  TileParams,
} from '../../contract/schemas/fabric';
import { createRouter, documentOnly } from './router';

const LAYERS: readonly LayerName[] = ['locations', 'parcels', 'footprints'];

function requireLayer(layer: string, allowed: readonly LayerName[]): LayerName {
  const found = allowed.find((l) => l === layer);
  if (!found) throw invalidParameter('layer', `layer must be one of ${allowed.join(', ')}`);
  return found;
}

const tags = ['fabric'];
const VLayer = z.object({ v: VintageParam, layer: LayerParam });

/** The three routes whose answers the dialect shapes; their documents follow it too. */
function dialectRoutes(d: Dialect) {
  const vintages = createRoute({
    method: 'get',
    path: '/vintages',
    tags,
    summary: 'Fabric vintages, ascending; the last is current',
    responses: {
      200: jsonResponse(z.array(fabricVintageSchema(d)), 'vintages'),
      ...errorResponses,
    },
  });
  const layers = createRoute({
    method: 'get',
    path: '/layers',
    tags,
    summary: 'Layer names',
    responses: { 200: jsonResponse(layersSchema(d), 'layers'), ...errorResponses },
  });
  const fields = createRoute({
    method: 'get',
    path: '/{v}/fields/{layer}',
    tags,
    summary: 'Field definitions of a layer: every field its data and bulk records hold',
    request: { params: VLayer },
    responses: { 200: jsonResponse(z.array(fieldDefSchema(d)), 'fields'), ...errorResponses },
  });
  return { vintages, layers, fields };
}

const dataRoute = createRoute({
  method: 'get',
  path: '/{v}/data/{layer}',
  tags,
  summary: 'Records by uuid, or location_id on locations ([] when unknown): every field listed',
  request: { params: VLayer, query: DataQuery },
  responses: {
    200: jsonResponse(
      z.union([z.array(LocationRecordSchema), z.array(AreaFeatureRecordSchema)]),
      'records',
    ),
    ...errorResponses,
  },
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
    200: jsonResponse(
      z.union([z.array(BulkRecordSchema), z.array(BulkAreaFeatureSchema)]),
      'records',
    ),
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

export function fabricRoutes(store: Store, dialect: Dialect = 'both') {
  const router = createRouter();
  const routes = dialectRoutes(dialect);

  router.openapi(routes.vintages, async (c) =>
    c.json(
      (await store.fabricVintages()).map((v) => renderVintage(v, dialect)),
      200,
    ),
  );
  router.openapi(routes.layers, async (c) =>
    c.json(renderLayers(await store.layers(), dialect), 200),
  );

  router.openapi(routes.fields, async (c) => {
    const { v, layer } = c.req.valid('param');
    await requireFabricVintage(store, v);
    const defs = await store.fields(v, requireLayer(layer, LAYERS));
    return c.json(
      defs.map((f) => renderField(f, dialect)),
      200,
    );
  });

  router.openapi(dataRoute, async (c) => {
    const { v, layer } = c.req.valid('param');
    const q = c.req.valid('query');
    await requireFabricVintage(store, v);
    const name = requireLayer(layer, LAYERS);
    if ((q.location_id === undefined) === (q.uuid === undefined)) {
      throw invalidParameter('location_id', 'give exactly one of location_id or uuid');
    }
    if (name !== 'locations') {
      if (q.uuid === undefined)
        throw invalidParameter('location_id', `the ${name} layer is asked by uuid only`);
      return c.json(await store.areaFeatures(v, name, [q.uuid]), 200);
    }
    const by = q.location_id !== undefined ? { location_id: q.location_id } : { uuid: q.uuid! };
    return c.json(await store.locationData(v, by), 200);
  });

  documentOnly(router, bulkRoute);
  const { body: _omitBody, ...bulkRequest } = bulkRoute.request;
  router.openapi({ ...bulkRoute, request: bulkRequest, hide: true }, async (c) => {
    const { v, layer } = c.req.valid('param');
    const { field } = c.req.valid('query');
    await requireFabricVintage(store, v);
    const name = requireLayer(layer, LAYERS);
    // A field a record does not hold is refused, never dropped: clients read every one back.
    const known = new Set((await store.fields(v, name)).map((f) => f.fieldname));
    const unknown = field.find((f) => !known.has(f));
    if (unknown)
      throw invalidParameter('field', `field ${unknown} is not a field of the ${name} layer`);
    const ids = await readBulkIds(c, name);
    if (name === 'locations') return c.json(await store.bulkLocations(v, ids, field), 200);
    const keep = new Set(['uuid', ...field]);
    const rows = (await store.areaFeatures(v, name, 'uuid' in ids ? ids.uuid : [])).map((r) =>
      Object.fromEntries(Object.entries(r).filter(([k]) => keep.has(k))),
    );
    return c.json(rows, 200);
  });

  documentOnly(router, tileDoc);
  router.get('/:v/tiles/:z/:x/:tile', async (c) => {
    const { v, z: zs, x: xs, tile } = c.req.param();
    const m = /^(\d{1,7})\.pbf$/.exec(tile);
    if (!m) throw invalidParameter('y', 'y must be a tile row followed by .pbf');
    if (!VintageParam.safeParse(v).success)
      throw invalidParameter('v', 'v must be six digits (YYYYMM)');
    const parsed = TileParams.safeParse({ z: zs, x: xs, y: m[1] });
    if (!parsed.success) throw zodFailure(parsed.error);
    await requireFabricVintage(store, v);
    const { z: zoom, x, y } = parsed.data;
    const size = 2 ** zoom;
    if (x >= size || y >= size)
      throw invalidParameter('x', `x and y must be below ${size} at zoom ${zoom}`);
    const bytes = await store.tile(v, zoom, x, y);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/vnd.mapbox-vector-tile',
      // A vintage's fabric never changes, so tiles can be cached for a day.
      'Cache-Control': 'public, max-age=86400',
    });
  });

  return router;
}
