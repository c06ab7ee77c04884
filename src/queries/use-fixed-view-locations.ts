// The fixed broadband points of a view from the published operations, for a service without
// fixed tiles: collect3 of the view's box (snapped outward to a grid, so a nudge of the map asks
// the same box), then the locations not already held, in chunks of maxrequest (listapis),
// each a cached query (fixed-view-plan.ts). A newer view drops the older queries' observers,
// and TanStack aborts their requests through the signal each one passes on.
import { useMemo } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { maxRequestOf } from '../api/account';
import type { LngLatBox } from '../lib/geo/h3';
import type { FixedPointProperties } from '../pipelines/fixed-view-assemble';
import { loadViewChunk, type ViewVintages } from '../pipelines/fixed-view-chunk';
import { boxPolygon, collectLocations } from '../pipelines/fixed-view-collect';
import { planChunks, type ViewChunk } from './fixed-view-plan';
import { fixedViewKeys } from './keys';
import { VINTAGED } from './query-client';
import { useListApis } from './use-list-apis';

/**
 * A view holding more locations than this is not loaded (the legend asks to zoom in): at 1,000
 * a chunk it already costs 8 chunks of 3 or 4 requests. The demo's densest town holds about
 * 6,200 in a 1280 × 800 view at zoom 15.
 */
export const VIEW_LOCATION_LIMIT = 8000;
/**
 * The box snapped outward to a grid of about an eighth of its larger side (a power of two of
 * a degree), so a nudge of the map asks the same box again and the edges add at most a
 * quarter to each side's length.
 */
export function snapBox(box: LngLatBox): LngLatBox {
  const side = Math.max(box.east - box.west, box.north - box.south, 1e-6);
  const step = 2 ** Math.floor(Math.log2(side / 8));
  const down = (x: number) => Math.floor(x / step) * step;
  const up = (x: number) => Math.ceil(x / step) * step;
  const round = (x: number) => Number(x.toFixed(7));
  return {
    west: round(Math.max(-180, down(box.west))),
    south: round(Math.max(-85, down(box.south))),
    east: round(Math.min(180, up(box.east))),
    north: round(Math.min(85, up(box.north))),
  };
}

export type FixedPoints = FeatureCollection<Point, FixedPointProperties>;

export type FixedViewState =
  | { state: 'off' }
  | { state: 'finding'; points: FixedPoints }
  | { state: 'too-many'; found: number; limit: number }
  | { state: 'loading' | 'loaded'; total: number; loaded: number; points: FixedPoints }
  | { state: 'error'; error: Error; retry: () => void; points: FixedPoints };

const NO_POINTS: FixedPoints = { type: 'FeatureCollection', features: [] };

// Module-level so TanStack re-runs it only when a chunk's result changed.
function combineChunks(results: UseQueryResult<ViewChunk>[]) {
  return {
    data: results.map((r) => r.data),
    error: results.find((r) => r.error)?.error ?? null,
    failed: results.filter((r) => r.isError),
  };
}

export function useFixedViewLocations(
  vintages: ViewVintages | null,
  box: LngLatBox | null,
  limit: number = VIEW_LOCATION_LIMIT,
): FixedViewState {
  const client = useQueryClient();
  const { fabric = '', coverage = '', release = null } = vintages ?? {};
  const snapped = useMemo(() => (box ? snapBox(box) : null), [box]);
  const boxKey = snapped ? `${snapped.west},${snapped.south},${snapped.east},${snapped.north}` : '';
  const active = vintages !== null && snapped !== null;

  const apis = useListApis(active);
  const chunkSize = apis.isPending
    ? null
    : Math.min(
        maxRequestOf(apis.data, 'fabric', 'bulk'),
        maxRequestOf(apis.data, 'coverage', 'bdcfixed'),
      );

  const collect = useQuery({
    queryKey: fixedViewKeys.collect(fabric, `${boxKey}/${limit}`),
    queryFn: ({ signal }) => collectLocations(fabric, boxPolygon(snapped!), limit, signal),
    enabled: active,
    // The previous view's points stay drawn while the new one is found (same fabric only).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === fabric ? previous : undefined,
    ...VINTAGED,
  });
  const uuids = collect.data?.uuids;
  const placeholder = collect.isPlaceholderData;
  const overLimit = collect.data?.overLimit ?? false;

  const plan = useMemo(() => {
    if (!active || !uuids || overLimit || chunkSize === null) return null;
    return planChunks(client, { fabric, coverage, release }, uuids, chunkSize);
  }, [active, client, fabric, coverage, release, uuids, overLimit, chunkSize]);

  const chunks = useQueries({
    queries: (plan && !placeholder ? plan.chunks : []).map((c) => ({
      queryKey: fixedViewKeys.chunk(fabric, coverage, release, c.hash),
      queryFn: async ({ signal }): Promise<ViewChunk> => ({
        asked: c.uuids,
        locations: await loadViewChunk({ fabric, coverage, release }, c.uuids, signal),
      }),
      ...VINTAGED,
    })),
    combine: combineChunks,
  });

  const points = useMemo((): FixedPoints => {
    if (!plan) return NO_POINTS;
    const features = plan.known.map((l) => l.feature);
    for (const chunk of chunks.data)
      for (const l of chunk?.locations ?? []) features.push(l.feature);
    return { type: 'FeatureCollection', features };
  }, [plan, chunks.data]);

  if (!active) return { state: 'off' };
  if (collect.error)
    return { state: 'error', error: collect.error, retry: () => void collect.refetch(), points };
  if (!uuids || placeholder || !plan) {
    if (overLimit && !placeholder) return { state: 'too-many', found: uuids!.length, limit };
    return { state: 'finding', points };
  }
  if (chunks.error) {
    const retry = () => chunks.failed.forEach((r) => void r.refetch());
    return { state: 'error', error: chunks.error, retry, points };
  }
  let loaded = plan.knownCount;
  chunks.data.forEach((chunk, i) => {
    if (chunk) loaded += plan.chunks[i]!.uuids.length;
  });
  const total = uuids.length;
  return { state: loaded < total ? 'loading' : 'loaded', total, loaded, points };
}
