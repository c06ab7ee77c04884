import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS } from '../../../../shared/fixed-status';
import { jobFor, ListJob, type ListJobState } from './location-list-job';
import type { ListContext } from './location-list-rows';

const a = { fabric: '202506', coverage: '202506', release: null };
const context: ListContext = { filters: DEFAULT_FIXED_FILTERS, a, b: null, earlier: 'a' };
const area = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};

function job(key: string, initial: ListJobState) {
  return new ListJob(key, { area, a, b: null, later: null, chunkSize: 1000 }, context, initial);
}

describe('one list job per area', () => {
  it('keeps the job while its releases, filters and area are the same', () => {
    const first = jobFor('area-1', 'k1', (initial) => job('k1', initial));
    expect(jobFor('area-1', 'k1', () => job('k1', { status: 'idle' }))).toBe(first);
  });

  it('says so when a list under way is replaced, and cancels it', () => {
    const failing: ListJobState = {
      status: 'error',
      error: new Error('x'),
      progress: null,
      saving: true,
    };
    const old = jobFor('area-2', 'k1', () => job('k1', failing));
    const next = jobFor('area-2', 'k2', (initial) => job('k2', initial));
    expect(next).not.toBe(old);
    expect(old.getSnapshot().state.status).toBe('cancelled');
    expect(next.getSnapshot().state.status).toBe('replaced');
  });

  it('starts idle when nothing was under way', () => {
    jobFor('area-3', 'k1', (initial) => job('k1', initial));
    const next = jobFor('area-3', 'k2', (initial) => job('k2', initial));
    expect(next.getSnapshot().state.status).toBe('idle');
  });
});
