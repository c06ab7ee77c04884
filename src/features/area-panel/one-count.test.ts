// One count everywhere (docs/SERVICE.md, "Fixed broadband status under filters"): for random
// areas, releases and filter sets, over the reference service on 127.0.0.1, the report's
// status counts, the custom summary's served_status rows, the location list file's rows counted
// by status and the hexagon file's sums are the same numbers, and the list file says what it
// counts in its header and name; with or without a provider filter (shared/provider-filter.ts).
// The list filters each location's bdcfixed records to the provider in the browser, the
// service its own records: the same rule on both sides.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, generateFabric } from '../../../server/demo/generate-fabric';
import { createServiceApp } from '../../../server/service/app';
import { createMemoryStore } from '../../../server/service/store/memory/memory-store';
import {
  FIXED_FILTER_PARAMETERS,
  TABLE_STATUSES,
  parseFixedFilters,
  tableStatus,
  type FixedFilters,
  type FixedLocationStatus,
  type TableStatus,
} from '../../../shared/fixed-status';
import { summarizeArea } from '../../api/fabricext';
import { reportArea } from '../../api/report';
import { releaseToCheck } from '../../pipelines/fixed-view-chunk';
import { serveForTest, type TestServer } from '../../queries/testing/serve-for-test';
import { csvCell } from './csv-cell';
import { csvStampBlock, stampedFileName, type FileStamp } from './file-stamp';
import { areaHexesGeoJson } from './location-list/area-hexes-geojson';
import { ListJob, type ListJobSnapshot } from './location-list/location-list-job';
import type { ListContext } from './location-list/location-list-rows';
import { filterLines } from './report/report-layout';

const fabric = generateFabric({ seed: DEFAULT_SEED, locations: 3000 });
const FABRIC = '202506';
const RELEASES = fabric.vintages.map((v) => ({ vintage: v.vintage }));
const COVERAGES = fabric.fixedCoverage.map((c) => c.vintage);
const PROVIDER_IDS = fabric.fixedProviders.map((p) => String(p.providerId));

let service: TestServer;
beforeAll(async () => {
  const app = createServiceApp({ store: createMemoryStore(fabric), tokens: null });
  service = await serveForTest(app);
});
afterAll(() => service.close());

// ---- random areas over the fabric's extent ----
const { lat, lng } = fabric.locations;
const box = {
  w: Math.min(...lng),
  e: Math.max(...lng),
  s: Math.min(...lat),
  n: Math.max(...lat),
};
const at = (fx: number, fy: number) => [box.w + fx * (box.e - box.w), box.s + fy * (box.n - box.s)];
// Each corner in its own quadrant around one of the fabric's locations: a simple ring that
// holds at least that location, from a street block to most of the county.
const reach = fc.double({ min: 0.002, max: 0.4, noNaN: true });
const areaArb = fc
  .tuple(fc.nat({ max: lng.length - 1 }), reach, reach, reach, reach, reach, reach, reach, reach)
  .map(([i, a, b, c, d, e, f, g, h]): GeoJSON.Polygon => {
    const [x, y] = [(lng[i]! - box.w) / (box.e - box.w), (lat[i]! - box.s) / (box.n - box.s)];
    const ring = [at(x - a, y - b), at(x + c, y - d), at(x + e, y + f), at(x - g, y + h)];
    return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
  });
const filtersArb = fc
  .record({
    audience: fc.constantFrom(...FIXED_FILTER_PARAMETERS.audience),
    speed: fc.constantFrom(...FIXED_FILTER_PARAMETERS.speed),
    tech: fc.constantFrom(...FIXED_FILTER_PARAMETERS.tech),
    lowlatency: fc.constantFrom(...FIXED_FILTER_PARAMETERS.lowlatency),
    // Most cases under one provider (an unknown one included: it claims nothing).
    provider: fc.option(fc.constantFrom(...PROVIDER_IDS, '999999'), { nil: undefined }),
  })
  .map((record) => {
    const parsed = parseFixedFilters(record);
    if (!parsed.ok) throw new Error('filters out of their values');
    return parsed.filters;
  });

type Counts = Record<TableStatus | 'nooffers', number>;
const zeros = (): Counts => ({
  served: 0,
  underserved: 0,
  unserved: 0,
  notinrelease: 0,
  notbsl: 0,
  nooffers: 0,
});

/** The location list run to its end, its file kept as text. */
function runList(area: GeoJSON.Polygon, coverage: string, ctx: ListContext, header: string) {
  const a = { fabric: FABRIC, coverage, release: releaseToCheck(FABRIC, coverage, RELEASES) };
  const spec = { area, a, b: null, later: null, chunkSize: 500 };
  const job = new ListJob(JSON.stringify([area, ctx]), spec, ctx);
  const parts: string[] = [];
  const sink = {
    write: async (t: string) => void parts.push(t),
    finish: async () => {},
    abort: async () => {},
  };
  return new Promise<{ text: string; done: ListJobSnapshot }>((resolve, reject) => {
    const off = job.subscribe(() => {
      const { state } = job.getSnapshot();
      if (state.status === 'error') reject(state.error);
    });
    job.start(
      sink,
      (done) => {
        off();
        resolve({ text: parts.join(''), done });
      },
      header,
    );
  });
}

/** One CSV line's cells (RFC 4180 quoting, as csv-cell.ts writes it). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  const re = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
  for (const m of line.matchAll(re))
    cells.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!);
  return cells;
}

/** The list file's rows counted by their status column, after the line its block names. */
function listCounts(text: string): Counts {
  const lines = text.split('\r\n');
  const first = Number(/Table starts on line,(\d+)/.exec(text)![1]);
  const columns = cellsOf(lines[first - 1]!);
  const status = columns.indexOf('status');
  const counts = zeros();
  for (const line of lines.slice(first).filter((l) => l !== '')) {
    const s = cellsOf(line)[status] as FixedLocationStatus;
    counts[tableStatus(s)]++;
    if (s === 'nooffers') counts.nooffers++;
  }
  return counts;
}

describe('one count everywhere', () => {
  it('report, custom summary, location list and hexagon file agree for any area and filters', async () => {
    await fc.assert(
      fc.asyncProperty(
        areaArb,
        filtersArb,
        fc.constantFrom(...COVERAGES),
        async (area, filters: FixedFilters, coverage) => {
          const report = await reportArea(FABRIC, coverage, filters, area);
          expect(report.locationcount).toBeGreaterThan(0);
          const summary = await summarizeArea(FABRIC, area, ['served_status'], false, undefined, {
            coverage,
            filters,
          });
          const stamp: FileStamp = {
            area: 'Random area',
            release: { fabric: FABRIC, coverage },
            compared: null,
            filters,
            generated: new Date(),
            source: 'Demo',
          };
          const ctx: ListContext = {
            filters,
            a: { fabric: FABRIC, coverage },
            b: null,
            earlier: 'a',
          };
          const header = csvStampBlock('Location list', stamp);
          const { text, done } = await runList(area, coverage, ctx, header);

          const fromReport = zeros();
          for (const k of TABLE_STATUSES) fromReport[k] = report.status[k].locations;
          fromReport.nooffers = report.status.nooffers.locations;

          const fromSummary = zeros();
          for (const row of summary.data)
            fromSummary[row.served_status as TableStatus] += row.locationcount as number;
          const { nooffers: _notInSummary, ...summaryTable } = fromSummary;
          const { nooffers: _n, ...reportTable } = fromReport;
          expect(summaryTable).toEqual(reportTable);
          expect(summary.locationcount).toBe(report.locationcount);

          expect(listCounts(text)).toEqual(fromReport);

          const hexFile = areaHexesGeoJson({
            name: stamp.area,
            geometry: area,
            context: ctx,
            tally: done.hexes!,
            generated: stamp.generated,
            source: stamp.source,
          });
          const fromHexes = zeros();
          for (const f of hexFile.features.slice(1))
            for (const k of Object.keys(fromHexes) as (keyof Counts)[])
              fromHexes[k] += f.properties![k] as number;
          expect(fromHexes).toEqual(fromReport);

          // The file says what it counts, in its header and its name.
          expect(text.startsWith(header)).toBe(true);
          for (const [name, value] of filterLines(filters))
            expect(header).toContain(`${name},${csvCell(value)}`);
          expect(stampedFileName(stamp, 'locations', 'csv')).toContain(
            `-${filters.audience}-${filters.speed.replace('/', '-')}-${filters.tech}`,
          );
          if (filters.provider != null) {
            expect(report.filters.provider).toBe(String(filters.provider));
            expect(stampedFileName(stamp, 'locations', 'csv')).toContain(
              `-provider${filters.provider}-`,
            );
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
