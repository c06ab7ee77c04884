// The area report as the tables a planner reads, prints and downloads: one layout, so the
// panel, the printed page and the CSV show the same rows, rounded the same way. Percentages
// are of the area's BSLs in the release (the locations BEAD classifies), to one decimal.
import { SPEED_CHOICES, TECH_CHOICES, type FixedFilters } from '../../../../shared/fixed-status';
import { fixedTechnologyName } from '../../../../shared/technology';
import type { AreaReport } from '../../../api/report';
import { vintageLabel } from '../../../lib/vintage';

export interface Cell {
  /** As shown: "1,234", "56.7%", "" for none. */
  text: string;
  /** As written to the CSV: the same rounding, without separators or the % sign. */
  value: number | string;
}

export interface ReportRow {
  label: string;
  cells: Cell[];
  /** A part of the row above ("of which …"). */
  indent?: boolean;
  total?: boolean;
}

export interface ReportColumn {
  /** The CSV's header, and the panel's unless `short` is given. */
  header: string;
  /** The panel's narrower header ("%" where the CSV says "% of BSLs"). */
  short?: string;
  /** Words shown under the row's label rather than in a column of their own (the CSV's column). */
  belowLabel?: boolean;
  /** Written to the CSV only (the panel keeps to what fits). */
  csvOnly?: boolean;
}

export interface ReportTable {
  id: 'status' | 'tiers' | 'providers' | 'offered' | 'change' | 'transitions';
  title: string;
  /** Its own releases line (the change tables name both releases); else the report's. */
  asOf?: string;
  labelHeader: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  note?: string;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const count = (n: number): Cell => ({ text: integer.format(n), value: n });
const none: Cell = { text: '', value: '' };

/** n of d as a percentage to one decimal; empty when d is 0. */
export function share(n: number, d: number): Cell {
  if (d === 0) return none;
  const rounded = Math.round((1000 * n) / d) / 10;
  return { text: `${rounded.toFixed(1)}%`, value: rounded };
}

/** "Fabric as of June 2025 · coverage as of December 2024": on every table. */
export function asOfLine(report: Pick<AreaReport, 'fabric' | 'coverage'>): string {
  return `Fabric as of ${vintageLabel(report.fabric, 'long')} · coverage as of ${vintageLabel(report.coverage, 'long')}`;
}

/** The filters in words, one line each: what the counts count. */
export function filterLines(filters: FixedFilters): [name: string, value: string][] {
  const speed = SPEED_CHOICES.find((c) => c.value === filters.speed)?.label ?? filters.speed;
  const tech = TECH_CHOICES.find((c) => c.value === filters.tech)?.label ?? filters.tech;
  const lowLatency = filters.speed === 'bead' ? 'Yes (BEAD)' : filters.lowLatency ? 'Yes' : 'No';
  const lines: [string, string][] = [
    ['Offers sold to', filters.audience === 'business' ? 'Business' : 'Residential'],
    ['Speed', speed],
    ['Technology', tech],
    ['Low latency required', lowLatency],
  ];
  // Named only when chosen: what one provider alone claims (shared/provider-filter.ts).
  if (filters.provider != null)
    lines.push(['Provider', `Only provider_id ${filters.provider}'s claims`]);
  return lines;
}

/** What served, underserved and unserved mean under the filters, for the table's note. */
function statusMeaning(filters: FixedFilters): string {
  if (filters.speed === 'bead')
    return 'Served: reliable 100/20 or faster; underserved: reliable 25/3 but not 100/20; unserved: neither (BEAD).';
  return `Served: ${filters.speed} or faster; underserved: 25/3 but below ${filters.speed}; unserved: below 25/3.`;
}

const GROUP_NAMES: Record<string, string> = {
  any: 'Any technology',
  wired: 'Wired',
  'fixed wireless': 'Fixed wireless',
  satellite: 'Satellite',
  other: 'Other',
};

/** BSLs of the release inside the area: what BEAD classifies and the percentages are of. */
export function bslsOf(report: AreaReport): number {
  const { served, underserved, unserved } = report.status;
  return served.locations + underserved.locations + unserved.locations;
}

function statusTable(report: AreaReport, filters: FixedFilters): ReportTable {
  const s = report.status;
  const bsls = bslsOf(report);
  const units = s.served.units + s.underserved.units + s.unserved.units;
  const row = (label: string, c: { locations: number; units: number }, extra = {}) => ({
    label,
    cells: [count(c.locations), share(c.locations, bsls), count(c.units), share(c.units, units)],
    ...extra,
  });
  return {
    id: 'status',
    title: 'Locations by status',
    labelHeader: 'Status',
    note: `${statusMeaning(filters)} Percentages are of the BSLs in this release and their units. Locations not in this release and locations that are not BSLs get no BEAD status.`,
    // Short headers (the full one is the abbreviation's title), so the table fits the panel.
    columns: [
      { header: 'Locations', short: 'Locs.' },
      { header: '% of BSLs', short: '%' },
      { header: 'Units' },
      { header: '% of units', short: '%' },
    ],
    rows: [
      row('Served', s.served),
      row('Underserved', s.underserved),
      row('Unserved', s.unserved),
      row('of which no offers reported', s.nooffers, { indent: true }),
      row('BSLs in this release', { locations: bsls, units }, { total: true }),
      {
        label: 'Not in this release',
        cells: [count(s.notinrelease.locations), none, count(s.notinrelease.units), none],
      },
      {
        label: 'Not a BSL',
        cells: [count(s.notbsl.locations), none, count(s.notbsl.units), none],
      },
      {
        label: 'All locations',
        cells: [count(report.locationcount), none, none, none],
        total: true,
      },
    ],
  };
}

function tierTable(report: AreaReport): ReportTable {
  const bsls = bslsOf(report);
  const speeds = [...new Set(report.tiers.map((t) => t.speed))];
  const groups = [...new Set(report.tiers.map((t) => t.group))];
  return {
    id: 'tiers',
    title: 'BSLs with an offer at each speed, by technology',
    labelHeader: 'Technology',
    columns: speeds.flatMap((speed) => [
      { header: `${speed} locations`, csvOnly: true },
      { header: `${speed} %`, short: speed },
    ]),
    rows: groups.map((group) => ({
      label: GROUP_NAMES[group] ?? group,
      cells: speeds.flatMap((speed) => {
        const n = report.tiers.find((t) => t.group === group && t.speed === speed)?.locations ?? 0;
        return [count(n), share(n, bsls)];
      }),
    })),
    note: `% of the ${integer.format(bsls)} BSLs in this release with a counted offer of the technology at that download/upload speed or faster.`,
  };
}

/** Providers shown in the panel; the CSV lists every one. */
export const TOP_PROVIDERS = 10;

function providerTable(report: AreaReport, filters: FixedFilters): ReportTable {
  const bsls = bslsOf(report);
  const threshold = filters.speed === 'bead' ? 'reliable 100/20' : filters.speed;
  const more = report.providers.length - TOP_PROVIDERS;
  return {
    id: 'providers',
    title: 'Top providers by locations served',
    labelHeader: 'Provider',
    columns: [
      { header: 'Technologies', belowLabel: true },
      { header: 'Locations served', short: 'Served' },
      { header: '% of BSLs', short: '%' },
      { header: 'Units served', short: 'Units' },
      { header: 'Locations with 25/3+', short: '25/3+' },
    ],
    rows: report.providers.map((p) => ({
      label: p.brand_name,
      cells: [
        {
          text: p.technologies.map(fixedTechnologyName).join(', '),
          value: p.technologies.map(fixedTechnologyName).join('; '),
        },
        count(p.served_locations),
        share(p.served_locations, bsls),
        count(p.served_units),
        count(p.reached_locations),
      ],
    })),
    note:
      `Served: a counted offer at ${threshold} or faster; % of the BSLs in this release; 25/3+: locations with a counted offer of 25/3 or faster.` +
      (more > 0 ? ` ${more} more providers are in the CSV.` : ''),
  };
}

const TIER_SPEEDS = ['25/3', '100/20', '250/25', '1000/100'];

/**
 * Per provider (in the providers table's order) and technology, the BSLs and units it offers at
 * each tier or faster: what the map shows under that provider's filter, by technology.
 */
function offeredTable(report: AreaReport): ReportTable {
  return {
    id: 'offered',
    title: 'Providers: locations and units offered, by technology and speed',
    labelHeader: 'Provider and technology',
    columns: TIER_SPEEDS.flatMap((speed) => [
      { header: `Locations with ${speed}+`, short: `${speed}+` },
      { header: `Units with ${speed}+`, short: 'Units' },
    ]),
    rows: report.providers.flatMap((p) =>
      p.offered.map((o) => ({
        label: `${p.brand_name} (${p.provider_id}) · ${fixedTechnologyName(o.technology)}`,
        cells: TIER_SPEEDS.flatMap((_, k) => [count(o.locations[k] ?? 0), count(o.units[k] ?? 0)]),
      })),
    ),
    note: 'BSLs in this release with a counted offer of the provider\u2019s technology at that download/upload speed or faster, and their units. Filter the map to a provider (search its name) to see the same counts there.',
  };
}

export function reportTables(report: AreaReport, filters: FixedFilters): ReportTable[] {
  return [
    statusTable(report, filters),
    tierTable(report),
    providerTable(report, filters),
    offeredTable(report),
  ];
}
