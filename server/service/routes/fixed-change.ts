// The compare tile of the reference service (README, "Compare releases"): both releases' street-zoom
// facts of every location in a tile, so the web classifies what changed under any filter. Two
// `fixed` tiles of the store joined (fixed-change-tile.ts) and kept in a bounded LRU; a
// retired location's equivalent comes from the store's history, as /fabricext/{v}/history gives.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ServiceEnv } from '../http/env';
import { requireCoverageVintage, requireFabricVintageParam } from '../http/vintages';
import { zodFailure } from '../../contract/zod-errors';
import { composeChangeTile } from './fixed-change-tile';
import { ByteLru } from '../store/rules/lru';
import { VintageParam } from '../../contract/schemas/common';
import { TileParams } from '../../contract/schemas/fabric';
import { FixedChangeQuery } from '../../contract/schemas/fixed-tiles';
import type { Store } from '../store/store';
import { filtersOf, tileAnswer, tileRequest, tileResponse } from './fixed-tiles';
import { createRouter, documentOnly } from './router';

const fixedChangeDoc = createRoute({
  method: 'get',
  path: '/{v}/fixedchange/{z}/{x}/{y}.pbf',
  tags: ['coverage'],
  summary:
    'Vector tile, layer fixed_change: each location of either release with both releases\u2019 tiers, presence and retirement equivalent (zoom 13 and up)',
  request: { params: z.object({ v: VintageParam, ...TileParams.shape }), query: FixedChangeQuery },
  responses: tileAnswer,
});

/** `with` and `withfabric`, each checked against the vintages the store holds. */
export async function comparedVintages(c: Context<ServiceEnv>, store: Store) {
  const parsed = FixedChangeQuery.pick({ with: true, withfabric: true }).safeParse({
    with: c.req.query('with'),
    withfabric: c.req.query('withfabric'),
  });
  if (!parsed.success) throw zodFailure(parsed.error);
  const cv = await requireCoverageVintage(store, parsed.data.with, 'with');
  const fv = await requireFabricVintageParam(store, parsed.data.withfabric, 'withfabric');
  return { cv, fv };
}

export function fixedChangeRoutes(store: Store, cache = new ByteLru(512, 32 * 1024 * 1024)) {
  const router = createRouter();
  documentOnly(router, fixedChangeDoc);
  router.get('/:v/fixedchange/:z/:x/:tile', async (c) => {
    const { provider = null } = filtersOf(c);
    const t = await tileRequest(c, store);
    const w = await comparedVintages(c, store);
    const key = `${t.cv}/${t.fv}/${w.cv}/${w.fv}/${t.z}/${t.x}/${t.y}/${provider ?? ''}`;
    let bytes = cache.get(key);
    if (!bytes) {
      const [a, b] = await Promise.all([
        store.fixedTile(t.cv, t.fv, t.z, t.x, t.y, provider),
        store.fixedTile(w.cv, w.fv, t.z, t.x, t.y, provider),
      ]);
      const later = t.fv === w.fv ? null : Number(t.fv) > Number(w.fv) ? 'a' : 'b';
      const laterFabric = later === 'b' ? w.fv : t.fv;
      bytes = await composeChangeTile({
        a,
        b,
        later,
        reOf: async (id) => (await store.history(laterFabric, id))[0]?.re_location_id ?? null,
      });
      bytes = cache.set(key, bytes);
    }
    return tileResponse(c, bytes);
  });
  return router;
}
