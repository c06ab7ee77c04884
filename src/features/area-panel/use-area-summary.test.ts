import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { partSummarizer } from './use-area-summary';

const summarizeArea = vi.hoisted(() => vi.fn());
vi.mock('../../api/fabricext', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/fabricext')>()),
  summarizeArea,
}));

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
const signal = new AbortController().signal;

describe('partSummarizer', () => {
  it('passes a part summary through', async () => {
    const result = { data: [{ locationcount: 3 }], locationcount: 3, maxcount: 50000 };
    summarizeArea.mockResolvedValueOnce(result);
    await expect(partSummarizer('202406', ['bsl_flag'], true)(area, signal)).resolves.toEqual({
      ok: true,
      result,
    });
    expect(summarizeArea).toHaveBeenCalledWith('202406', area, ['bsl_flag'], true, signal);
  });

  it('turns 422 maxcount_exceeded into a "split me" outcome with the counts', async () => {
    summarizeArea.mockRejectedValueOnce(
      new ApiError({
        status: 422,
        code: 'maxcount_exceeded',
        message: 'too many',
        operation: 'summarize',
        details: { locationcount: 85000, maxcount: 50000 },
      }),
    );
    await expect(partSummarizer('202406', ['bsl_flag'], false)(area, signal)).resolves.toEqual({
      ok: false,
      locationcount: 85000,
      maxcount: 50000,
    });
  });

  it('lets any other failure through so the panel can offer Retry', async () => {
    const error = new ApiError({
      status: 500,
      code: 'internal',
      message: 'boom',
      operation: 'summarize',
    });
    summarizeArea.mockRejectedValueOnce(error);
    await expect(partSummarizer('202406', ['bsl_flag'], false)(area, signal)).rejects.toBe(error);
  });
});
