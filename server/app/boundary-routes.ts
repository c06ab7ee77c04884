// The app's own Census boundaries, whatever the backend (embedded, upstream or workspace):
// `GET /boundaries/tiles/{z}/{x}/{y}.pbf`, the map's county and state lines in pieces
// (boundary-tiles.ts), and `GET /boundaries/{counties|states}/{GEOID}.json`, one whole outline
// for an area (a county clicked in Draw mode, a link's county). Both come from the file the app
// ships, so they sit outside /api and cost no upstream call.
import { Hono } from 'hono';
import { ServiceError, errorFetchResponse, invalidParameter } from '../contract/errors';
import { TileParams } from '../contract/schemas/fabric';
import { zodFailure } from '../contract/zod-errors';
import { boundaryFeature, type BoundaryKind } from '../service/routes/boundaries';
import { GEOID_RULES } from '../service/routes/geosvc';
import { BOUNDARY_MAX_ZOOM, boundaryTile } from './boundary-tiles';

/** Tiles and outlines change only with a new release of the app. */
const CACHE = 'public, max-age=86400';

function tileCoordinates(z: string, x: string, file: string) {
  const m = /^(\d{1,7})\.pbf$/.exec(file);
  if (!m) throw invalidParameter('y', 'y must be a tile row followed by .pbf');
  const parsed = TileParams.safeParse({ z, x, y: m[1] });
  if (!parsed.success) throw zodFailure(parsed.error);
  const tile = parsed.data;
  if (tile.z > BOUNDARY_MAX_ZOOM)
    throw invalidParameter('z', `z must be at most ${BOUNDARY_MAX_ZOOM} (deeper, overzoom)`);
  const size = 2 ** tile.z;
  if (tile.x >= size || tile.y >= size)
    throw invalidParameter('x', `x and y must be below ${size} at zoom ${tile.z}`);
  return tile;
}

function outline(kind: string, file: string) {
  if (kind !== 'counties' && kind !== 'states')
    throw invalidParameter('kind', 'kind must be counties or states');
  const id = /^(\d+)\.json$/.exec(file)?.[1] ?? '';
  const rule = GEOID_RULES[kind as BoundaryKind];
  if (!rule.pattern.test(id)) throw invalidParameter('id', `id must be ${rule.rule}, then .json`);
  const found = boundaryFeature(kind as BoundaryKind, id);
  if (!found) {
    const what = kind === 'counties' ? 'county' : 'state';
    throw new ServiceError('not_found', `no ${what} has GEOID ${id}`, { parameter: 'id' });
  }
  return found;
}

/** A ServiceError as its JSON answer; anything else goes on to the app's error handler. */
function answering(make: () => Response): Response {
  try {
    return make();
  } catch (err) {
    if (err instanceof ServiceError) return errorFetchResponse(err);
    throw err;
  }
}

export function boundaryRoutes(): Hono {
  const routes = new Hono();
  routes.get('/tiles/:z/:x/:y', (c) =>
    answering(() => {
      const { z, x, y } = tileCoordinates(c.req.param('z'), c.req.param('x'), c.req.param('y'));
      return new Response(boundaryTile(z, x, y), {
        headers: { 'content-type': 'application/vnd.mapbox-vector-tile', 'cache-control': CACHE },
      });
    }),
  );
  routes.get('/:kind/:id', (c) =>
    answering(() => {
      const found = outline(c.req.param('kind'), c.req.param('id'));
      return new Response(JSON.stringify(found), {
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': CACHE },
      });
    }),
  );
  routes.all('*', (c) =>
    errorFetchResponse(
      new ServiceError(
        'not_found',
        `nothing at ${c.req.method} ${c.req.path}: boundaries are GET /boundaries/tiles/{z}/{x}/{y}.pbf or /boundaries/{counties|states}/{GEOID}.json`,
      ),
    ),
  );
  return routes;
}
