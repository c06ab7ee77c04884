// BDC fixed availability (one CSV per state and technology, optionally zipped, as the public
// files come) and mobile H3 hexagon CSVs of one vintage, from the demo fabric's coverage.
import { cellToParent, splitLongToH3Index } from 'h3-js';
import { join } from 'node:path';
import {
  bdcMarker,
  FIXED_COLUMNS,
  FIXED_FILE_TECHNOLOGY,
  MOBILE_COLUMNS,
} from '../../postgis/layouts';
import type { Fabric } from '../../service/store/fabric';
import { countyOfLocation } from '../../service/store/fabric-counties';
import { blockGeoidOf, type KeepLocation } from './write-fabric-files';
import { csvField, LineSink } from './line-sink';
import { startAt } from '../../service/store/record-starts';

const BR = ['R', 'B', 'X'];

/** Files written, by path, with their row counts. */
export type Written = { path: string; rows: number }[];

export function fixedFileName(stateFips: string, technology: number, vintage: string): string {
  const tech = FIXED_FILE_TECHNOLOGY[technology] ?? `Technology${technology}`;
  return `bdc_${stateFips}_${tech}_fixed_broadband_${bdcMarker(vintage)}.csv`;
}

/** The locations of one state, when a fabric spans several: its files are named for it. */
export interface StatePart {
  stateFips: string;
  keep: KeepLocation;
}

export async function writeFixed(
  fabric: Fabric,
  vi: number,
  h3Cells: readonly string[],
  dir: string,
  zip: boolean,
  part: StatePart = { stateFips: fabric.county.stateFips, keep: () => true },
): Promise<Written> {
  const sinks = new FixedSinks(dir, zip);
  await writeFixedRows(fabric, vi, h3Cells, sinks, part);
  return sinks.close();
}

/** One open file per state and technology of a vintage's fixed availability, opened when needed. */
export class FixedSinks {
  private readonly open = new Map<string, { path: string; sink: LineSink }>();

  constructor(
    private readonly dir: string,
    private readonly zip: boolean,
  ) {}

  async sink(stateFips: string, technology: number, vintage: string): Promise<LineSink> {
    const key = `${stateFips}/${technology}`;
    let open = this.open.get(key);
    if (!open) {
      const name = fixedFileName(stateFips, technology, vintage);
      const path = join(this.dir, this.zip ? name.replace(/\.csv$/, '.zip') : name);
      open = { path, sink: LineSink.open(path, this.zip ? name : undefined) };
      this.open.set(key, open);
      await open.sink.line(FIXED_COLUMNS.join(','));
    }
    return open.sink;
  }

  /** Every file finished, in the order they were opened. */
  async close(): Promise<Written> {
    const written: Written = [];
    for (const { path, sink } of this.open.values()) {
      await sink.close();
      written.push({ path, rows: sink.lines - 1 });
    }
    return written;
  }
}

/** The rows of writeFixed into the files of `sinks`. */
export async function writeFixedRows(
  fabric: Fabric,
  vi: number,
  h3Cells: readonly string[],
  sinks: FixedSinks,
  part: StatePart = { stateFips: fabric.county.stateFips, keep: () => true },
): Promise<void> {
  const { locations: loc, fixedProviders } = fabric;
  const county = countyOfLocation(fabric);
  const blockGeoid = blockGeoidOf(fabric);
  const cov = fabric.fixedCoverage[vi];
  const { offers } = cov;
  for (let i = 0; i < loc.count; i++) {
    if (startAt(cov.start, i) === startAt(cov.start, i + 1) || !part.keep(i)) continue;
    const block = blockGeoid(i);
    const hex8 = cellToParent(h3Cells[i], 8);
    for (let r = startAt(cov.start, i), end = startAt(cov.start, i + 1); r < end; r++) {
      const o = cov.offer[r];
      const p = fixedProviders[offers.provider[o]];
      const row = [
        p.frn,
        p.providerId,
        csvField(p.brandName),
        loc.locationId[i],
        offers.technology[o],
        offers.down[o],
        offers.up[o],
        offers.lowLatency[o],
        BR[offers.businessResidential[o]],
        county(i).state,
        block,
        hex8,
      ];
      const sink = await sinks.sink(part.stateFips, offers.technology[o], cov.vintage);
      await sink.line(row.join(','));
    }
  }
}

export function mobileFileName(fabric: Fabric, vintage: string): string {
  return `bdc_${fabric.county.stateFips}_mobile_broadband_h3_${bdcMarker(vintage)}.csv`;
}

/** Mobile coverage per res-9 cell; technology as the public files code it (300, 400, 500). */
export async function writeMobile(fabric: Fabric, vi: number, path: string): Promise<number> {
  const sink = LineSink.open(path);
  await sink.line(MOBILE_COLUMNS.join(','));
  await writeMobileRows(fabric, vi, sink);
  await sink.close();
  return sink.lines - 1;
}

/** The rows of writeMobile into an open file. */
export async function writeMobileRows(fabric: Fabric, vi: number, sink: LineSink): Promise<void> {
  const cov = fabric.mobileCoverage[vi];
  for (let c = 0; c < cov.cellHigh.length; c++) {
    const cell = splitLongToH3Index(cov.cellLow[c], cov.cellHigh[c]);
    for (let r = cov.start[c]; r < cov.start[c + 1]; r++) {
      const p = fabric.mobileCarriers[cov.carrier[r]];
      const row = [
        p.frn,
        p.providerId,
        csvField(p.brandName),
        cell,
        cov.technology[r] * 100,
        cov.mindown[r],
        cov.minup[r],
        cov.minsignal[r],
        cov.environment[r],
      ];
      await sink.line(row.join(','));
    }
  }
}
