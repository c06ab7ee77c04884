// Mobile records for every cell in view. One query per fixed block of 49 res-9 cells (a res-7
// parent), keyed by coverage vintage and block: the same block in any viewport is the same
// query, cached for the session, so panning back costs no request. Blocks asked for together
// share bulk POSTs of up to 1000 cells; a backend without the bulk form gets one GET per cell.
import { useMemo } from 'react';
import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import { getMobileCoverage, getMobileCoverageBulk } from '../api/coverage';
import type { MobileRecord } from '../../shared/coverage-schemas';
import { isApiError } from '../api/api-error';
import { blockCells, blocksForCells } from '../lib/geo/h3-blocks';
import { createBlockLoader } from '../pipelines/mobile-block-loader';
import { coverageKeys } from './keys';
import { VINTAGED } from './query-client';

/** Statuses that mean "no bulk form here"; 404 for an unknown vintage is a real answer. */
const BULK_REFUSED_STATUS = new Set([404, 405, 501]);

export const mobileBlockLoader = createBlockLoader<MobileRecord>(
  {
    bulk: getMobileCoverageBulk,
    single: getMobileCoverage,
    refusesBulk: (error) =>
      isApiError(error) &&
      BULK_REFUSED_STATUS.has(error.status) &&
      error.code !== 'unknown_vintage',
  },
  // Retries of a failed batch come back a few ms apart; gather them into one request again.
  { gatherMs: 10 },
);

export function mobileBlockQueryOptions(coverageVintage: string, block: string) {
  return queryOptions({
    queryKey: coverageKeys.mobileCells(coverageVintage, `block:${block}`),
    queryFn: ({ signal }) => mobileBlockLoader.load(coverageVintage, blockCells(block), signal),
    ...VINTAGED,
  });
}

// Module-level so TanStack re-runs it only when a block's result changed, not on every render.
function combineBlocks(results: UseQueryResult<MobileRecord[]>[]) {
  return {
    data: results.map((r) => r.data),
    blocksLoaded: results.filter((r) => r.data !== undefined).length,
    error: results.find((r) => r.error)?.error ?? null,
    failed: results.filter((r) => r.isError),
  };
}

export interface MobileCoverageCells {
  /** Records per cell, for every cell whose block has loaded (an empty list: no coverage). */
  byCell: ReadonlyMap<string, readonly MobileRecord[]>;
  blocksTotal: number;
  blocksLoaded: number;
  /** The first failure among the blocks, if any. */
  error: Error | null;
  /** Refetches the blocks that failed. */
  retry: () => void;
}

export function useMobileCoverageCells(
  coverageVintage: string | null,
  cells: readonly string[],
): MobileCoverageCells {
  const blocks = useMemo(() => blocksForCells(cells), [cells]);
  const combined = useQueries({
    queries: coverageVintage ? blocks.map((b) => mobileBlockQueryOptions(coverageVintage, b)) : [],
    combine: combineBlocks,
  });

  const { data } = combined;
  const byCell = useMemo(() => {
    const map = new Map<string, MobileRecord[]>();
    data.forEach((records, i) => {
      if (!records) return;
      for (const cell of blockCells(blocks[i])) map.set(cell, []);
      for (const record of records) map.get(record.h3_res9_id)?.push(record);
    });
    return map;
  }, [blocks, data]);

  return {
    byCell,
    blocksTotal: coverageVintage ? blocks.length : 0,
    blocksLoaded: combined.blocksLoaded,
    error: combined.error,
    retry: () => combined.failed.forEach((r) => void r.refetch()),
  };
}
