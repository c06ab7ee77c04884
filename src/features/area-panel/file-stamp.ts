// What every file a planner downloads says it counts (README, "Area sources and sharing"): the
// area, the releases, the filters, the data source and the date, in its header and in its
// name, so a list shared as "unserved BSLs" cannot silently be a fiber-only 250/25 list.
import { fixedFiltersRecord, type FixedFilters } from '../../../shared/fixed-status';
import { vintageLabel } from '../../lib/vintage';
import { filterLines } from './report/report-layout';
import { csvCell } from './csv-cell';
import { fileSlug } from './download';

export interface Release {
  fabric: string;
  coverage: string;
}

export interface FileStamp {
  area: string;
  release: Release;
  /** The release compared with, or null. */
  compared: Release | null;
  filters: FixedFilters;
  generated: Date;
  /** Where the data came from, in words (useCapabilities().stamp); empty when unknown. */
  source: string;
}

const long = (v: string) => `${vintageLabel(v, 'long')} (${v})`;

/** The stamp as name, value pairs, in the order every file writes them. */
export function stampLines(stamp: FileStamp): [name: string, value: string][] {
  const lines: [string, string][] = [
    ['Area', stamp.area],
    ['Fabric as of', long(stamp.release.fabric)],
    ['Coverage as of', long(stamp.release.coverage)],
  ];
  if (stamp.compared)
    lines.push(
      ['Compared with fabric', long(stamp.compared.fabric)],
      ['Compared with coverage', long(stamp.compared.coverage)],
    );
  lines.push(...filterLines(stamp.filters), ['Generated', isoSeconds(stamp.generated)]);
  if (stamp.source) lines.push(['Data', stamp.source]);
  return lines;
}

export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');

/**
 * A CSV's header block: the title, the stamp one name,value line each, the line its table
 * starts on (for a reader told how many lines to skip), then a blank line.
 */
export function csvStampBlock(title: string, stamp: FileStamp): string {
  const lines = stampLines(stamp);
  const tableLine = lines.length + 4;
  const rows = [[title], ...lines, ['Table starts on line', String(tableLine)]].map((cells) =>
    cells.map((c) => csvCell(c)).join(','),
  );
  return `${rows.join('\r\n')}\r\n\r\n`;
}

/** The filters in a file name: "residential-250-25-fiber", "business-bead-any-provider230027". */
export function filtersSlug(filters: FixedFilters): string {
  const lowLatency = filters.lowLatency && filters.speed !== 'bead' ? '-lowlatency' : '';
  const provider = filters.provider == null ? '' : `-provider${filters.provider}`;
  return fileSlug(`${filters.audience} ${filters.speed} ${filters.tech}`) + lowLatency + provider;
}

const releaseSlug = (r: Release) => `fabric${r.fabric}-coverage${r.coverage}`;

/** "<area>-<kind>-<releases>-<filters>-<date>.<extension>". */
export function stampedFileName(stamp: FileStamp, kind: string, extension: string): string {
  const releases = stamp.compared
    ? `${releaseSlug(stamp.release)}-vs-${releaseSlug(stamp.compared)}`
    : releaseSlug(stamp.release);
  const date = stamp.generated.toISOString().slice(0, 10);
  return `${fileSlug(stamp.area)}-${kind}-${releases}-${filtersSlug(stamp.filters)}-${date}.${extension}`;
}

/** The stamp as a GeoJSON area feature's properties (`_b`: the release compared with). */
export function stampProperties(stamp: FileStamp): Record<string, string> {
  const props: Record<string, string> = {
    name: stamp.area,
    fabric: stamp.release.fabric,
    coverage: stamp.release.coverage,
  };
  if (stamp.compared) {
    props.fabric_b = stamp.compared.fabric;
    props.coverage_b = stamp.compared.coverage;
  }
  Object.assign(props, fixedFiltersRecord(stamp.filters));
  props.filters = filterLines(stamp.filters)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');
  props.generated = isoSeconds(stamp.generated);
  if (stamp.source) props.data = stamp.source;
  return props;
}
