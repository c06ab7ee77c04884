// The area report hook against a real reference service over the fixture fabric: its answer,
// and a comparison with a release the service does not know, which still gives the report.
import { waitFor } from '@testing-library/react';
import type { Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ORIGIN, FIXTURE_VINTAGES } from '../../server/service/testing/fixture-fabric';
import { DEFAULT_FIXED_FILTERS } from '../../shared/fixed-status';
import { getCoverageVintages } from '../api/coverage';
import { renderQueryHook } from './testing/render-with-client';
import { startFixtureService } from './testing/fixture-service';
import type { TestServer } from './testing/serve-for-test';
import { useAreaReport } from './use-area-report';

const FABRIC = FIXTURE_VINTAGES[FIXTURE_VINTAGES.length - 1]!;
const { lng, lat } = FIXTURE_ORIGIN;
/** Holds every fixture location (they lie within a few kilometres of the origin). */
const box: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [lng - 0.2, lat - 0.2],
      [lng + 0.2, lat - 0.2],
      [lng + 0.2, lat + 0.2],
      [lng - 0.2, lat + 0.2],
      [lng - 0.2, lat - 0.2],
    ],
  ],
};

let service: TestServer;
let coverage: string;
beforeAll(async () => {
  service = await startFixtureService();
  coverage = (await getCoverageVintages()).at(-1)!;
});
afterAll(() => service.close());

const ask = (compareWith: { coverage: string; fabric: string } | null = null) => ({
  vintage: FABRIC,
  coverage,
  filters: DEFAULT_FIXED_FILTERS,
  compareWith,
});

describe('useAreaReport', () => {
  it('counts the area in one request, as the service reports it', async () => {
    const { result } = renderQueryHook(() => useAreaReport(ask(), box));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({ parts: 1 });
    expect(result.current.data!.report.locationcount).toBeGreaterThan(0);
    expect(result.current.data!.changeProblem).toBeUndefined();
    expect(result.current.progress).toBeNull();
  });

  it('gives the report alone, saying why, when the release compared with is unknown', async () => {
    const alone = renderQueryHook(() => useAreaReport(ask(), box));
    await waitFor(() => expect(alone.result.current.isSuccess).toBe(true));
    const unknown = { coverage: '209906', fabric: FABRIC };
    const { result } = renderQueryHook(() => useAreaReport(ask(unknown), box));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data!.changeProblem).toMatch(/209906/);
    expect(result.current.data!.report.locationcount).toBe(
      alone.result.current.data!.report.locationcount,
    );
  });

  it('asks nothing without both vintages', () => {
    const { result } = renderQueryHook(() => useAreaReport({ ...ask(), coverage: null }, box));
    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.data).toBeUndefined();
  });
});
