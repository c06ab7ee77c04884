// "Change from <before> to <after>": the report's change block (README, "Area report") as two tables of the
// report's layout, so the panel, the printed page and the CSV show the same rows: the change
// classes of the compare view, and the status before → after of every location of either
// release, as rows sorted by count (a 7 × 7 matrix does not fit a phone; rows do).
import { CHANGE_CLASSES, type ChangeSideStatus } from '../../../../shared/fixed-change';
import { SERVED_STATUS_LABEL } from '../../../../shared/served-status';
import type { AreaReport, ReportChange } from '../../../api/report';
import { asOfLine, count, share, type ReportTable } from './report-layout';

const SIDE_LABEL: Record<ChangeSideStatus, string> = {
  served: SERVED_STATUS_LABEL.served,
  underserved: SERVED_STATUS_LABEL.underserved,
  unserved: SERVED_STATUS_LABEL.unserved,
  nooffers: `${SERVED_STATUS_LABEL.unserved}: no offers`,
  notinrelease: 'Not in the release',
  notbsl: 'Not a BSL',
  absent: 'Not in the fabric',
};

export interface ChangeEnds {
  before: { fabric: string; coverage: string };
  after: { fabric: string; coverage: string };
}

/** Which release is before: the service says (the earlier fabric, else the earlier coverage). */
export function changeEnds(report: AreaReport, change: ReportChange): ChangeEnds {
  const a = { fabric: report.fabric, coverage: report.coverage };
  const b = { fabric: change.fabric, coverage: change.coverage };
  return change.earlier === 'a' ? { before: a, after: b } : { before: b, after: a };
}

/** "Change from fabric as of June 2024 · coverage as of June 2024, to fabric as of …". */
export function changeLine({ before, after }: ChangeEnds): string {
  const words = (r: { fabric: string; coverage: string }) =>
    asOfLine(r).replace(/^Fabric/, 'fabric');
  return `Change from ${words(before)}, to ${words(after)}`;
}

function classTable(change: ReportChange, asOf: string): ReportTable {
  const total = change.locationcount;
  return {
    id: 'change',
    title: 'What changed, by class',
    labelHeader: 'Change',
    asOf,
    columns: [
      { header: 'Locations' },
      { header: '% of locations', short: '%' },
      { header: 'Units' },
    ],
    rows: [
      ...CHANGE_CLASSES.map(({ value, label }) => {
        const c = change.classes.find((k) => k.class === value) ?? { locations: 0, units: 0 };
        return { label, cells: [count(c.locations), share(c.locations, total), count(c.units)] };
      }),
      {
        label: 'Locations in either release',
        cells: [
          count(total),
          share(total, total),
          count(change.classes.reduce((n, c) => n + c.units, 0)),
        ],
        total: true,
      },
    ],
    note:
      total === 0
        ? 'No location of either release lies inside the area.'
        : 'Each location inside the area in either fabric release, once, with its status under the filters at each release. Faster or slower: the same status with a faster or slower best counted offer.',
  };
}

function transitionTable(change: ReportChange, asOf: string): ReportTable {
  // The table is A × B; read it from the release before to the one after.
  const beforeIsA = change.earlier === 'a';
  const rows = change.table
    .map((r) => ({ from: beforeIsA ? r.a : r.b, to: beforeIsA ? r.b : r.a, ...r }))
    .sort((x, y) => y.locations - x.locations || y.units - x.units);
  return {
    id: 'transitions',
    title: 'Status before → after',
    labelHeader: 'Before → after',
    asOf,
    columns: [
      { header: 'Status before', csvOnly: true },
      { header: 'Status after', csvOnly: true },
      { header: 'Locations' },
      { header: '% of locations', short: '%' },
      { header: 'Units' },
    ],
    rows: rows.map((r) => ({
      label:
        r.from === r.to
          ? `${SIDE_LABEL[r.from]} (same)`
          : `${SIDE_LABEL[r.from]} → ${SIDE_LABEL[r.to]}`,
      cells: [
        { text: SIDE_LABEL[r.from], value: r.from },
        { text: SIDE_LABEL[r.to], value: r.to },
        count(r.locations),
        share(r.locations, change.locationcount),
        count(r.units),
      ],
    })),
    note:
      rows.length === 0
        ? 'No location of either release lies inside the area.'
        : 'Most locations first. Not in the fabric: the location is not in that fabric release (new, or retired); not in the release: not in the release the coverage was reported on.',
  };
}

/** The change tables of a report compared with a second release; none without one. */
export function changeTables(report: AreaReport): ReportTable[] {
  const { change } = report;
  if (!change) return [];
  const asOf = changeLine(changeEnds(report, change));
  return [classTable(change, asOf), transitionTable(change, asOf)];
}
