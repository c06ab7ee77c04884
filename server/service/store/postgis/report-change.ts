// The area report's change block over the database, as the memory store counts it
// (memory/ops/report-change.ts): the locations inside the area in fabric A or fabric B, by feature,
// each side's records and release membership fetched for all of them, a retired location's
// equivalent as history answers it at the later fabric (history.ts), and the memory store's
// tally (rules/report-change-tally.ts).
import { earlierSide } from '../../../../shared/fixed-change-hex';
import type { FixedFilters } from '../../../../shared/fixed-status';
import type { FixedOffer } from '../../../../shared/served-status';
import { createChangeTally, type ChangeSideFacts } from '../rules/report-change-tally';
import type { ReportChange } from '../../../contract/schemas/report';
import type { AreaLocations } from './area-locations';
import type { PgContext } from './context';
import { inRelease, offersAt, releaseOf } from './coverage-at';
import { retiredWithEquivalent } from './history';

/** One release of the comparison and its locations inside the area (fields read). */
export interface PgSide {
  fabric: string;
  coverage: string;
  found: AreaLocations;
}

/** Feature → position in the side's columns, of the locations inside. */
export function insideByFeature(found: AreaLocations): Map<number, number> {
  const { feature } = found.read.points;
  return new Map(Array.from(found.inside, (k) => [feature[k], k]));
}

/** Each side's records of the features as one offer table, and each feature's rows in it. */
async function offerTable(
  ctx: PgContext,
  coverage: string,
  features: number[],
  provider: number | null | undefined,
) {
  const offers = await offersAt(ctx, coverage, features, provider);
  const table: FixedOffer[] = [];
  const rowsOf = new Map<number, number[]>();
  for (const f of features)
    rowsOf.set(
      f,
      (offers.get(f) ?? []).map((o) => table.push(o) - 1),
    );
  return { table, rowsOf };
}

export async function reportChange(
  ctx: PgContext,
  a: PgSide,
  b: PgSide,
  filters: FixedFilters,
): Promise<ReportChange> {
  const inA = insideByFeature(a.found);
  const inB = insideByFeature(b.found);
  const union = [...new Set([...inA.keys(), ...inB.keys()])].sort((x, y) => x - y);
  const earlier = earlierSide(a, b);
  const releaseA = releaseOf(ctx, a.coverage);
  const releaseB = releaseOf(ctx, b.coverage);
  // Retirement is between fabrics: none when both sides read the same one.
  const later = a.fabric === b.fabric ? null : Number(a.fabric) > Number(b.fabric) ? a : b;
  const [inLater, inEarlier] = later === a ? [inA, inB] : [inB, inA];
  const retired = later ? [...inEarlier.keys()].filter((f) => !inLater.has(f)) : [];
  const [offersA, offersB, presentA, presentB, equivalent] = await Promise.all([
    offerTable(ctx, a.coverage, union, filters.provider),
    offerTable(ctx, b.coverage, union, filters.provider),
    inRelease(ctx, releaseA, union),
    inRelease(ctx, releaseB, union),
    retiredWithEquivalent(ctx, later?.fabric ?? a.fabric, retired),
  ]);
  const tally = createChangeTally(offersA.table, offersB.table, filters, earlier);
  const side = (
    f: number,
    inside: Map<number, number>,
    found: AreaLocations,
    present: Set<number>,
    rowsOf: Map<number, number[]>,
  ): ChangeSideFacts | null => {
    const k = inside.get(f);
    if (k === undefined) return null;
    return {
      inRelease: present.has(f),
      bsl: found.fields!.bslFlag[k] === 1,
      offerRows: rowsOf.get(f)!,
    };
  };
  for (const f of union) {
    const ka = inA.get(f);
    const units =
      ka !== undefined ? a.found.fields!.unitCount[ka] : b.found.fields!.unitCount[inB.get(f)!];
    tally.add({
      units,
      a: side(f, inA, a.found, presentA, offersA.rowsOf),
      b: side(f, inB, b.found, presentB, offersB.rowsOf),
      equivalent: equivalent.has(f),
    });
  }
  return { fabric: b.fabric, coverage: b.coverage, release: releaseB, earlier, ...tally.body() };
}
