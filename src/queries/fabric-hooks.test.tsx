// Fabric and coverage hooks against a real reference service over the fixture fabric.
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_LOCATIONS, FIXTURE_VINTAGES } from '../../server/service/testing/fixture-fabric';
import { ApiError } from '../api/api-error';
import { renderQueryHook } from './testing/render-with-client';
import { startFixtureService } from './testing/fixture-service';
import type { TestServer } from './testing/serve-for-test';
import { useCoverageVintages } from './use-coverage-vintages';
import { useFabricVintages } from './use-fabric-vintages';
import { useFields } from './use-fields';
import { useFixedCoverage } from './use-fixed-coverage';
import { useLocationData } from './use-location-data';
import { useMobileCoverage } from './use-mobile-coverage';
import { cellAtPoint } from '../lib/geo/h3';

const CURRENT = FIXTURE_VINTAGES[FIXTURE_VINTAGES.length - 1];
const FIRST = FIXTURE_LOCATIONS[0].id;

let service: TestServer;
beforeAll(async () => {
  service = await startFixtureService();
});
afterAll(() => service.close());

describe('fabric hooks', () => {
  it('useFabricVintages lists the vintages oldest first with their release numbers', async () => {
    const { result } = renderQueryHook(() => useFabricVintages());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.map((v) => v.vintage)).toEqual(FIXTURE_VINTAGES);
    expect(result.current.data?.[0]).toMatchObject({ vintage: '202306', version: 7 });
  });

  it('useFields returns reportable and non-reportable fields with categories', async () => {
    const { result } = renderQueryHook(() => useFields(CURRENT));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const byName = new Map(result.current.data?.map((f) => [f.fieldname, f]));
    expect(byName.get('h3_res8_id')).toMatchObject({ discrete: 1, reportable: 1 });
    expect(byName.get('unit_count')).toMatchObject({ discrete: 0, reportable: 1 });
    expect(byName.get('unit_count')?.categories?.length).toBeGreaterThan(0);
    expect(byName.get('latitude')?.reportable).toBe(0);
  });

  it('useLocationData returns the base record of a location', async () => {
    const { result } = renderQueryHook(() => useLocationData(CURRENT, FIRST));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toHaveLength(1);
    expect(result.current.data?.[0]).toMatchObject({
      location_id: FIRST,
      state: 'IL',
      zip: '62704',
    });
  });

  it('useLocationData answers [] for an id not in the fabric', async () => {
    const { result } = renderQueryHook(() => useLocationData(CURRENT, 1999999999));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([]);
  });

  it('waits without a request until a vintage is known', () => {
    const { result } = renderQueryHook(() => useLocationData(null, FIRST));
    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.isPending).toBe(true);
  });

  it('an unknown vintage surfaces as ApiError 404 unknown_vintage', async () => {
    const { result } = renderQueryHook(() => useLocationData('199901', FIRST));
    await waitFor(() => expect(result.current.isError).toBe(true));
    const error = result.current.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'unknown_vintage',
      operation: 'location data',
    });
    expect(error?.message).toMatch(/199901/);
  });
});

describe('coverage hooks', () => {
  it('useCoverageVintages lists the BDC vintages', async () => {
    const { result } = renderQueryHook(() => useCoverageVintages());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(FIXTURE_VINTAGES);
  });

  it('useFixedCoverage returns typed records with text ids and FRNs', async () => {
    const { result } = renderQueryHook(() => useFixedCoverage(CURRENT, FIRST));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const fiber = result.current.data?.find((r) => r.technology_code === 50);
    expect(fiber).toMatchObject({
      location_id: String(FIRST),
      frn: '0012345678',
      max_advertised_download_speed: 1000,
      low_latency: 1,
    });
  });

  it('useMobileCoverage returns the records of one cell with technology 3|4|5', async () => {
    const [lng, lat] = [
      -89.65 + 20 / (111_320 * Math.cos((39.8 * Math.PI) / 180)),
      39.8 + 30 / 110_574,
    ];
    const cell = cellAtPoint(lng, lat);
    const { result } = renderQueryHook(() => useMobileCoverage(CURRENT, cell));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.length).toBeGreaterThan(0);
    for (const record of result.current.data ?? []) {
      expect(record.h3_res9_id).toBe(cell);
      expect([3, 4, 5]).toContain(record.technology);
    }
  });

  it('an invalid cell id surfaces as ApiError 400 naming the parameter', async () => {
    const { result } = renderQueryHook(() => useMobileCoverage(CURRENT, 'not-a-cell'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      operation: 'mobile coverage',
    });
  });
});
