// Signed-in planners' saved areas on the app server (docs/SERVICE.md, "Saved areas"): GET lists
// mine and those colleagues share; PUT creates or replaces one of mine (last write wins, and the
// answer names the version it replaced when that was not the one the writer started from);
// DELETE removes one of mine; PUT .../shared turns sharing on or off. Without sign-in there is
// nobody to keep them for: every route says the areas stay in the browser.
import type { Context, Hono } from 'hono';
import { ServiceError, errorFetchResponse } from '../../contract/errors';
import { parseJsonBody } from '../../contract/body';
import { jsonError } from '../../node-http/json-error';
import { personOf } from '../auth/request-identity';
import { AREA_ID, SharedBody, readAreaWrite } from './area-body';
import type { AreaStore, OwnedOutcome, StoredArea } from './area-store';

export interface AreaRouteOptions {
  store: AreaStore;
  /** Most areas one person may keep (APP_AREAS_PER_PERSON). */
  maxAreas: number;
}

const refuse = (status: number, code: string, message: string) =>
  jsonError({ status, code, message, headers: { 'Cache-Control': 'no-store' } });

const notYours = (id: string, owner: string) =>
  refuse(
    403,
    'area_not_yours',
    `area ${id} belongs to ${owner}; only its owner may change it (shared areas are read-only for everyone else: copy it to keep your own)`,
  );

/** An area as the browser gets it: whose it is, and whether it is the asker's. */
const shown = (area: StoredArea, person: string) => ({ ...area, mine: area.owner === person });

/** The path's id and the signed-in person; the gate has admitted nobody else. */
function who(c: Context): { id: string; person: string } {
  const id = c.req.param('id') ?? '';
  if (!AREA_ID.test(id))
    throw new ServiceError('invalid_parameter', 'id must be 1 to 80 letters, digits, - or _', {
      parameter: 'id',
    });
  return { id, person: personOf(c.req.raw) ?? '' };
}

function ownedAnswer(c: Context, id: string, person: string, outcome: OwnedOutcome) {
  if (outcome.kind === 'missing')
    return refuse(404, 'area_not_found', `there is no saved area ${id} on this server`);
  if (outcome.kind === 'not_yours') return notYours(id, outcome.owner);
  return c.json({ area: shown(outcome.area, person) });
}

/** Refusals thrown while reading a request (bad body, bad id) as their JSON answers. */
function answering(handler: (c: Context) => Promise<Response>) {
  return async (c: Context) => {
    try {
      c.header('Cache-Control', 'no-store');
      return await handler(c);
    } catch (err) {
      if (err instanceof ServiceError) return errorFetchResponse(err);
      throw err;
    }
  };
}

export function areaRoutes(app: Hono, { store, maxAreas }: AreaRouteOptions): void {
  app.get(
    '/api/areas',
    answering(async (c) => {
      const person = personOf(c.req.raw) ?? '';
      const areas = await store.list(person);
      return c.json({ areas: areas.map((a) => shown(a, person)) });
    }),
  );
  app.put(
    '/api/areas/:id',
    answering(async (c) => {
      const { id, person } = who(c);
      const { content, baseVersion } = await readAreaWrite(c);
      const outcome = await store.put(id, person, content, maxAreas);
      if (outcome.kind === 'not_yours') return notYours(id, outcome.owner);
      if (outcome.kind === 'full')
        return refuse(
          409,
          'too_many_areas',
          `you keep ${maxAreas} saved areas, the most one person may (APP_AREAS_PER_PERSON); delete some first`,
        );
      const { area, previous } = outcome;
      // Written over a version this writer never saw (another tab or browser of the owner's).
      const stale = previous !== null && previous.version !== baseVersion;
      return c.json(
        { area: shown(area, person), ...(stale ? { replaced: shown(previous, person) } : {}) },
        previous ? 200 : 201,
      );
    }),
  );
  app.delete(
    '/api/areas/:id',
    answering(async (c) => {
      const { id, person } = who(c);
      return ownedAnswer(c, id, person, await store.remove(id, person));
    }),
  );
  app.put(
    '/api/areas/:id/shared',
    answering(async (c) => {
      const { id, person } = who(c);
      const { shared } = await parseJsonBody(c, SharedBody);
      return ownedAnswer(c, id, person, await store.setShared(id, person, shared));
    }),
  );
}

/** Without sign-in: the areas stay in the browser, and every route says so. */
export function areasStayInBrowser(app: Hono): void {
  const answer = () =>
    refuse(
      404,
      'areas_in_browser',
      'saved areas stay in this browser: the server runs without sign-in (APP_AUTH=none), so it keeps no areas',
    );
  app.all('/api/areas', answer);
  app.all('/api/areas/*', answer);
}
