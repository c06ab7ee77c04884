// A signed-in planner's areas on the app server (docs/SERVICE.md, "Saved areas"): their own and
// those colleagues share, each with its owner, version and sharing; writes tell which version
// they replaced when it was not the one this browser started from.
import type { SavedArea } from '../state/saved-area';
import * as z from '../../shared/zod';
import { request } from './http';

const Ring = z.array(z.array(z.number()));
const serverAreaSchema = z.object({
  id: z.string(),
  name: z.string(),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(Ring) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(Ring)) }),
  ]),
  source: z.enum(['draw', 'import', 'county', 'state', 'place']),
  createdAt: z.number(),
  geoid: z.optional(z.string()),
  owner: z.string(),
  mine: z.boolean(),
  shared: z.boolean(),
  version: z.number(),
  updatedAt: z.number(),
});
export type ServerArea = z.infer<typeof serverAreaSchema>;

const writtenSchema = z.object({ area: serverAreaSchema, replaced: z.optional(serverAreaSchema) });
export type WrittenArea = z.infer<typeof writtenSchema>;

const path = (id: string) => `/areas/${encodeURIComponent(id)}`;

export async function listServerAreas(signal?: AbortSignal): Promise<ServerArea[]> {
  const schema = z.object({ areas: z.array(serverAreaSchema) });
  return (await request({ operation: 'list areas', path: '/areas', signal, schema })).areas;
}

/** Creates or replaces one of mine; `baseVersion` is the version this browser last had. */
export function putServerArea(area: SavedArea, baseVersion?: number): Promise<WrittenArea> {
  const { id, name, geometry, source, createdAt, geoid } = area;
  return request({
    operation: 'save area',
    method: 'PUT',
    path: path(id),
    body: { name, geometry, source, createdAt, geoid, baseVersion },
    schema: writtenSchema,
  });
}

export function deleteServerArea(id: string): Promise<unknown> {
  return request({
    operation: 'delete area',
    method: 'DELETE',
    path: path(id),
    schema: z.unknown(),
  });
}

export function shareServerArea(id: string, shared: boolean): Promise<WrittenArea> {
  return request({
    operation: 'share area',
    method: 'PUT',
    path: `${path(id)}/shared`,
    body: { shared },
    schema: writtenSchema,
  });
}

/** The browser's copy of a server area: its own fields only. */
export function savedAreaOf(area: ServerArea): SavedArea {
  const { id, name, geometry, source, createdAt, geoid } = area;
  return { id, name, geometry, source, createdAt, ...(geoid ? { geoid } : {}) };
}
