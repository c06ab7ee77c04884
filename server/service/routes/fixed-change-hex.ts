// The net-change hexagons of the reference service (README, "Compare releases"): per H3 cell (the
// resolutions of /fixedhex), both releases' counts under the filters and the net changes after
// − before. Two `fixed_hex` tiles of the store joined (fixed-change-hex-tile.ts), so the
// database store needs nothing more; the joined tiles are kept in a bounded LRU.
import { createRoute, z } from '@hono/zod-openapi';
import { earlierSide } from '../../../shared/fixed-change-hex';
import { fixedFiltersRecord } from '../../../shared/fixed-status';
import { composeChangeHexTile } from './fixed-change-hex-tile';
import { ByteLru } from '../store/rules/lru';
import { VintageParam } from '../../contract/schemas/common';
import { TileParams } from '../../contract/schemas/fabric';
import { FixedChangeHexQuery } from '../../contract/schemas/fixed-tiles';
import type { Store } from '../store/store';
import { comparedVintages } from './fixed-change';
import { filtersOf, tileAnswer, tileRequest, tileResponse } from './fixed-tiles';
import { createRouter, documentOnly } from './router';

const fixedChangeHexDoc = createRoute({
  method: 'get',
  path: '/{v}/fixedchangehex/{z}/{x}/{y}.pbf',
  tags: ['coverage'],
  summary:
    'Vector tile, layer fixed_change_hex: H3 cells (res 5 at zoom 5-6, 6 at 7-8, 7 at 9-10, 8 at 11-12) with both releases\u2019 counts under the filters and the net change between them',
  description: [
    'Each cell carries the fixedhex counts of the path\u2019s vintages (suffix _a: locations,',
    'bsls, served, underserved, unserved, notinrelease) and of with/withfabric (suffix _b).',
    'The earlier release is the one of the earlier fabric vintage, else of the earlier',
    'coverage vintage. net_served, net_underserved, net_unserved, net_bsls and',
    'net_locations are after \u2212 before: over the union of both releases\u2019 locations in',
    'the cell, a location counts +1 for its status after and \u22121 for its status before (a',
    'new one only after, a retired one only before); a BSL with no offers counts as',
    'unserved. net_share is net_served over the larger BSL count (3 decimals); few is 1',
    'when both releases have fewer than 10 BSLs.',
  ].join(' '),
  request: {
    params: z.object({ v: VintageParam, ...TileParams.shape }),
    query: FixedChangeHexQuery,
  },
  responses: tileAnswer,
});

export function fixedChangeHexRoutes(store: Store, cache = new ByteLru(1024, 32 * 1024 * 1024)) {
  const router = createRouter();
  documentOnly(router, fixedChangeHexDoc);
  router.get('/:v/fixedchangehex/:z/:x/:tile', async (c) => {
    // The filters first, as /fixedhex: a bad one is refused whatever the tile.
    const filters = filtersOf(c);
    const t = await tileRequest(c, store);
    const w = await comparedVintages(c, store);
    const filterKey = Object.values(fixedFiltersRecord(filters)).join('/');
    const key = `${t.cv}/${t.fv}/${w.cv}/${w.fv}/${t.z}/${t.x}/${t.y}/${filterKey}`;
    let bytes = cache.get(key);
    if (!bytes) {
      const [a, b] = await Promise.all([
        store.fixedHexTile(t.cv, t.fv, t.z, t.x, t.y, filters),
        store.fixedHexTile(w.cv, w.fv, t.z, t.x, t.y, filters),
      ]);
      const earlier = earlierSide(
        { coverage: t.cv, fabric: t.fv },
        { coverage: w.cv, fabric: w.fv },
      );
      bytes = composeChangeHexTile({ a, b, earlier, z: t.z, x: t.x, y: t.y });
      bytes = cache.set(key, bytes);
    }
    return tileResponse(c, bytes);
  });
  return router;
}
