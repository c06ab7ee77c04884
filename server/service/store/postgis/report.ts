// The area report over the database: the release's locations inside the area found as summarize
// finds them (area-locations.ts, refused past MAXCOUNT alike), their fixed records at the
// coverage vintage fetched by feature, and the tally both stores share (rules/report-tally.ts)
// counting them in the memory store's order (ascending feature), so both stores count alike.
// Compared with a second release, MAXCOUNT weighs the locations inside in either fabric and
// report-change.ts counts what changed.
import type { FixedFilters } from '../../../../shared/fixed-status';
import { fixedFiltersRecord } from '../../../../shared/fixed-status';
import { emptyReport } from '../rules/empty-report';
import { createReportTally, type ReportOffer, type ReportProvider } from '../rules/report-tally';
import { MAX_EDGE_TESTS } from '../rules/summary-rows';
import { MAXCOUNT } from '../contract';
import type { Area, ComparedRelease, ReportResult } from '../store';
import { areaLocations } from './area-locations';
import type { PgContext } from './context';
import { inRelease, offersAt, releaseOf } from './coverage-at';
import { insideByFeature, reportChange } from './report-change';

export async function report(
  ctx: PgContext,
  vintage: string,
  coverage: string,
  area: Area,
  filters: FixedFilters,
  {
    compare,
    maxEdgeTests = MAX_EDGE_TESTS,
  }: {
    /** The release compared with: the answer gains `change`. */
    compare?: ComparedRelease;
    maxEdgeTests?: number;
  } = {},
): Promise<ReportResult> {
  const known = (v: string, cv: string) =>
    ctx.vintageIndex(v) >= 0 && ctx.coverageVintages.includes(cv);
  if (!known(vintage, coverage) || (compare && !known(compare.fabric, compare.coverage))) {
    return { ok: true, response: emptyReport(vintage, coverage, filters, MAXCOUNT, compare) };
  }
  const find = (v: string) => areaLocations(ctx, v, area, MAXCOUNT, maxEdgeTests);
  const [found, other] = await Promise.all([
    find(vintage),
    compare && compare.fabric !== vintage ? find(compare.fabric) : null,
  ]);
  const { inside, read } = found;
  const union = other
    ? new Set([...insideByFeature(found).keys(), ...insideByFeature(other).keys()]).size
    : inside.length;
  if (union > MAXCOUNT || !found.fields || (other && !other.fields))
    return { ok: false, locationcount: union, maxcount: MAXCOUNT };
  const { feature } = read.points;
  const { bslFlag, unitCount } = found.fields;
  // The memory store counts its locations by ascending index, which is the feature.
  const ordered = Array.from(inside).sort((a, b) => feature[a] - feature[b]);
  const features = ordered.map((k) => feature[k]);
  const release = releaseOf(ctx, coverage);
  const [offers, present] = await Promise.all([
    offersAt(ctx, coverage, features, filters.provider),
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
      ...(compare
        ? {
            change: await reportChange(
              ctx,
              { fabric: vintage, coverage, found },
              { ...compare, found: other ?? found },
              filters,
            ),
          }
        : {}),
    },
  };
}
