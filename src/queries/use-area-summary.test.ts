import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type { SummaryAt } from '../api/fabricext';
import { renderQueryHook } from './testing/render-with-client';
import { partSummarizer, useAreaSummary } from './use-area-summary';

const summarizeArea = vi.hoisted(() => vi.fn());
vi.mock('../api/fabricext', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/fabricext')>()),
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
    const at: SummaryAt = {
      coverage: '202312',
      filters: { audience: 'business', speed: '250/25', tech: 'fiber', lowLatency: false },
    };
    await expect(partSummarizer('202406', ['bsl_flag'], true, at)(area, signal)).resolves.toEqual({
      ok: true,
      result,
    });
    // The coverage vintage and the filters reach the request.
    expect(summarizeArea).toHaveBeenCalledWith('202406', area, ['bsl_flag'], true, signal, at);
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

describe('useAreaSummary', () => {
  // Parts are answered by hand, so each step of the split run can be observed.
  const pending: ((value: unknown) => void)[] = [];
  const tooBig = new ApiError({
    status: 422,
    code: 'maxcount_exceeded',
    message: 'too many',
    operation: 'summarize',
    details: { locationcount: 150, maxcount: 100 },
  });
  const part = { data: [{ locationcount: 2 }], locationcount: 2, maxcount: 100 };
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [-89.7, 39.7],
        [-89.6, 39.7],
        [-89.6, 39.8],
        [-89.7, 39.8],
        [-89.7, 39.7],
      ],
    ],
  };

  function answerPartsByHand() {
    pending.length = 0;
    summarizeArea.mockReset();
    summarizeArea.mockRejectedValueOnce(tooBig);
    summarizeArea.mockImplementation(() => new Promise((resolve) => pending.push(resolve)));
  }

  it('reports split progress to every observer of the summary, then the merged answer', async () => {
    answerPartsByHand();
    const panel = renderQueryHook(() => useAreaSummary('202406', square, ['bsl_flag'], false));
    // 150 locations over a limit of 100: three parts (each aimed at 60% of the limit).
    await waitFor(() => expect(panel.result.current.progress).toEqual({ done: 0, total: 3 }));
    // A second observer (the map layer) mounts later and sees the same run's progress.
    const layer = renderQueryHook(() => useAreaSummary('202406', square, ['bsl_flag'], false), {
      client: panel.client,
    });
    expect(layer.result.current.progress).toEqual({ done: 0, total: 3 });

    await act(async () => pending[0]!(part));
    await waitFor(() => expect(panel.result.current.progress).toEqual({ done: 1, total: 3 }));
    expect(layer.result.current.progress).toEqual({ done: 1, total: 3 });

    await act(async () => pending.slice(1).forEach((resolve) => resolve(part)));
    await waitFor(() => expect(panel.result.current.isSuccess).toBe(true));
    expect(panel.result.current.data).toMatchObject({ parts: 3, result: { locationcount: 6 } });
    expect(panel.result.current.progress).toBeNull();
    expect(layer.result.current.data).toBe(panel.result.current.data);
  });

  it('Cancel stops the run and clears its progress', async () => {
    answerPartsByHand();
    const { result } = renderQueryHook(() => useAreaSummary('202406', square, ['bsl_flag'], false));
    await waitFor(() => expect(result.current.progress).toEqual({ done: 0, total: 3 }));
    await act(async () => result.current.cancel());
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.progress).toBeNull();
    expect(result.current.data).toBeUndefined();
  });

  it('asks nothing without a vintage or a field', () => {
    summarizeArea.mockReset();
    renderQueryHook(() => useAreaSummary(null, square, ['bsl_flag'], false));
    renderQueryHook(() => useAreaSummary('202406', square, [], false));
    expect(summarizeArea).not.toHaveBeenCalled();
  });
});
