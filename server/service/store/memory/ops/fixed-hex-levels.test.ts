// The memory store's hexagon levels (rules/tile-grid.ts): below the county zoom each res-5 and
// res-6 cell carries the sums of its children's counts at the next finer resolution, for the
// coverage release and an older one, under several filters and a provider. The PostGIS store
// is held to the same in store-contract-spatial.test.ts.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../../../shared/fixed-status';
import { generateFabric } from '../../../../demo/generate-fabric';
import { hexLevelProblems } from '../../contract/testing/hex-levels';
import { createMemoryStore } from '../memory-store';

const fabric = generateFabric({ seed: 17, locations: 3000 });
const store = createMemoryStore(fabric);

const FILTERS: FixedFilters[] = [
  DEFAULT_FIXED_FILTERS,
  { audience: 'business', speed: '100/20', tech: 'fiber', lowLatency: true },
  { ...DEFAULT_FIXED_FILTERS, provider: fabric.fixedProviders[0]!.providerId },
];

describe('memory store: the coarse hexagon levels', () => {
  it.each([
    [4, 4],
    [2, 4],
  ])(
    'each coarse cell counts what its children count (coverage %i, fabric %i)',
    async (ci, vi) => {
      const cv = fabric.fixedCoverage[ci]!.vintage;
      const fv = fabric.vintages[vi]!.vintage;
      const { problems, drawn } = await hexLevelProblems(store, fabric, cv, fv, FILTERS);
      expect(problems.slice(0, 12)).toEqual([]);
      // Each level holds several cells, and each coarse cell several children on average.
      expect(drawn[5]).toBeGreaterThan(3);
      expect(drawn[6]).toBeGreaterThan(2 * drawn[5]!);
      expect(drawn[7]).toBeGreaterThan(2 * drawn[6]!);
    },
    60_000,
  );
});
