// The area report's change block over the memory store: the locations inside the area in
// fabric A or fabric B, each with its facts at both releases as the compare tile carries them
// (present in that fabric, in its coverage's release, BSL, records), and a retired one's
// equivalent as history answers it at the later fabric (what the compare tile asks too),
// counted by report-change-tally.ts.
import { earlierSide } from '../../../../../shared/fixed-change-hex';
import type { FixedFilters } from '../../../../../shared/fixed-status';
import type { ReportChange } from '../../../../contract/schemas/report';
import type { FabricIndex } from '../fabric-index';
import { offerRecords, releaseVintageIndex } from './fixed-offers-view';
import { coverageOfProvider } from '../provider-coverage';
import { history } from './history';
import { createChangeTally, type ChangeSideFacts } from '../../rules/report-change-tally';
import { startAt } from '../../record-starts';

/** One release of a comparison: fabric vintage index vi, coverage vintage index ci. */
export interface ReleaseAt {
  vi: number;
  ci: number;
}

/** Two ascending lists of location indexes merged into one, each index once. */
export function unionOf(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) out[n++] = a[i++];
    else if (i >= a.length || b[j] < a[i]) out[n++] = b[j++];
    else {
      out[n++] = a[i++];
      j++;
    }
  }
  return out.subarray(0, n);
}

/** The change between A and B of the locations `union` (inside the area in fabric A or B). */
export function reportChange(
  ix: FabricIndex,
  a: ReleaseAt,
  b: ReleaseAt,
  union: Uint32Array,
  filters: FixedFilters,
): ReportChange {
  const { fabric } = ix;
  const { presence, bslFlag, unitCount, locationId } = fabric.locations;
  const covA = coverageOfProvider(fabric, a.ci, filters.provider);
  const covB = coverageOfProvider(fabric, b.ci, filters.provider);
  const fabricOf = (r: ReleaseAt) => fabric.vintages[r.vi]!.vintage;
  const earlier = earlierSide(
    { fabric: fabricOf(a), coverage: covA.vintage },
    { fabric: fabricOf(b), coverage: covB.vintage },
  );
  const releaseB = releaseVintageIndex(fabric, covB.vintage);
  const bitOf = (vi: number) => (vi < 0 ? 0 : 1 << vi);
  const releaseBits = { a: bitOf(releaseVintageIndex(fabric, covA.vintage)), b: bitOf(releaseB) };
  // Retirement is between fabrics: none when both sides read the same one.
  const laterVi = a.vi === b.vi ? -1 : Math.max(a.vi, b.vi);
  const tally = createChangeTally(offerRecords(covA), offerRecords(covB), filters, earlier);
  const side = (i: number, r: ReleaseAt, bit: number, cov: typeof covA): ChangeSideFacts | null =>
    presence[i] & (1 << r.vi)
      ? {
          inRelease: (presence[i] & bit) !== 0,
          bsl: bslFlag[i] === 1,
          offerRows: cov.offer.subarray(startAt(cov.start, i), startAt(cov.start, i + 1)),
        }
      : null;
  for (const i of union) {
    const sa = side(i, a, releaseBits.a, covA);
    const sb = side(i, b, releaseBits.b, covB);
    const retired = laterVi >= 0 && (presence[i] & (1 << laterVi)) === 0;
    tally.add({
      units: unitCount[i],
      a: sa,
      b: sb,
      equivalent:
        retired && (history(ix, laterVi, locationId[i])[0]?.re_location_id ?? null) !== null,
    });
  }
  return {
    fabric: fabricOf(b),
    coverage: covB.vintage,
    release: releaseB < 0 ? null : fabric.vintages[releaseB]!.vintage,
    earlier,
    ...tally.body(),
  };
}
