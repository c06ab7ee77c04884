// The area report over the database: the release's locations inside the area found as summarize
// finds them (area-locations.ts, refused past MAXCOUNT alike), their fixed records at the
// coverage vintage fetched by feature, and the memory store's own tally (ops/report-tally.ts)
// counting them in the memory store's order (ascending feature), so both stores count alike.
import type { FixedFilters } from '../../../../shared/fixed-status';
import { fixedFiltersRecord } from '../../../../shared/fixed-status';
import { emptyReport } from '../../ops/report';
import { createReportTally, type ReportOffer, type ReportProvider } from '../../ops/report-tally';
import { MAX_EDGE_TESTS } from '../../ops/summary-rows';
import type { ReportResponse } from '../../schemas/report';
import { MAXCOUNT } from '../contract';
import type { Area } from '../store';
import { areaLocations } from './area-locations';
import type { PgContext } from './context';
import { inRelease, offersAt, releaseOf } from './coverage-at';

export type PgReportResult =
  { ok: true; response: ReportResponse } | { ok: false; locationcount: number; maxcount: number };

export async function report(
  ctx: PgContext,
  vintage: string,
  coverage: string,
  area: Area,
  filters: FixedFilters,
  maxEdgeTests = MAX_EDGE_TESTS,
): Promise<PgReportResult> {
  if (ctx.vintageIndex(vintage) < 0 || !ctx.coverageVintages.includes(coverage)) {
    return { ok: true, response: emptyReport(vintage, coverage, filters, MAXCOUNT) };
  }
  const found = await areaLocations(ctx, vintage, area, MAXCOUNT, maxEdgeTests);
  const { inside, read } = found;
  if (!found.fields) return { ok: false, locationcount: inside.length, maxcount: MAXCOUNT };
  const { feature } = read.points;
  const { bslFlag, unitCount } = found.fields;
  // The memory store counts its locations by ascending index, which is the feature.
  const ordered = Array.from(inside).sort((a, b) => feature[a] - feature[b]);
  const features = ordered.map((k) => feature[k]);
  const release = releaseOf(ctx, coverage);
  const [offers, present] = await Promise.all([
    offersAt(ctx, coverage, features),
    release === vintage ? null : inRelease(ctx, release, features),
  ]);
  // Every record its own row of the offer table, providers numbered as met.
  const table: ReportOffer[] = [];
  const providers: ReportProvider[] = [];
  const providerIndex = new Map<number, number>();
  const rowsOf = new Map<number, number[]>();
  for (const f of features) {
    const rows: number[] = [];
    for (const o of offers.get(f) ?? []) {
      let p = providerIndex.get(o.provider_id);
      if (p === undefined) {
        p = providers.push({ provider_id: o.provider_id, brand_name: o.brand_name }) - 1;
        providerIndex.set(o.provider_id, p);
      }
      rows.push(table.push({ offer: o, provider: p }) - 1);
    }
    rowsOf.set(f, rows);
  }
  const tally = createReportTally(table, filters);
  for (const k of ordered) {
    const f = feature[k];
    tally.add(
      { inRelease: present ? present.has(f) : true, bsl: bslFlag[k] === 1, units: unitCount[k] },
      rowsOf.get(f)!,
    );
  }
  return {
    ok: true,
    response: {
      fabric: vintage,
      coverage,
      release,
      filters: fixedFiltersRecord(filters),
      maxcount: MAXCOUNT,
      ...tally.body(providers),
    },
  };
}
