// The area's location list as CSV rows (README, "Location list"): per location its id, address,
// units and BSL flag, and per release its status under the planner's filters (the one rule,
// shared/fixed-status.ts), the best offer the filters count (technology and speeds) and the
// providers selling to the filters' audience; comparing, each release's columns (earlier
// first) and the change class of shared/fixed-change.ts, as the map's rings and the location
// panel class it. The file's stamp block (file-stamp.ts) comes before the column names and
// says on which line they are, so a reader skips it knowingly.
import {
  changeClass,
  changeSide,
  type ChangeClass,
  type ChangeSide,
} from '../../../../shared/fixed-change';
import type { Side } from '../../../../shared/fixed-change-hex';
import type { FixedRecord } from '../../../../shared/coverage-schemas';
import {
  countingRule,
  encodeTiers,
  locationFixedStatus,
  type FixedFilters,
  type FixedLocationFacts,
  type FixedLocationStatus,
} from '../../../../shared/fixed-status';
import { recordsOfProvider } from '../../../../shared/provider-filter';
import { servesAudience } from '../../../../shared/served-status';
import { fixedTechnologyName } from '../../../../shared/technology';
import type { ListLocation, SideFacts } from '../../../pipelines/location-list-chunk';
import { csvCell } from '../csv-cell';

export interface Release {
  fabric: string;
  coverage: string;
}

export interface ListContext {
  filters: FixedFilters;
  a: Release;
  /** The releases compared with, or null. */
  b: Release | null;
  /** Which side is "before". */
  earlier: Side;
}

type Cell = string | number | null;

export interface ListRow {
  location_id: number;
  address: string;
  /** Comparing: the location's change class; else null. */
  change: ChangeClass | null;
  /** Its status under the filters at each release; null when that fabric does not hold it. */
  status: Record<Side, FixedLocationStatus | null>;
  /** Its units as each release's fabric counts them (0 where that fabric does not hold it). */
  units: Record<Side, number>;
  /** Where it is (for its hexagon); null when the service gave no coordinates. */
  point: { lng: number; lat: number } | null;
  cells: Cell[];
}

/** Written for a location the release's fabric does not hold. */
export const NOT_IN_FABRIC = 'notinfabric';

const BASE_COLUMNS = [
  'location_id',
  'address',
  'city',
  'state',
  'zip',
  'latitude',
  'longitude',
  'unit_count',
  'bsl',
  'building_type',
];
const SIDE_COLUMNS = ['status', 'best_technology', 'best_down_mbps', 'best_up_mbps', 'providers'];

/** The sides in column order: the one release, or before then after. */
function sidesOf(ctx: ListContext): Side[] {
  if (!ctx.b) return ['a'];
  return ctx.earlier === 'a' ? ['a', 'b'] : ['b', 'a'];
}

/** A release's column suffix: its coverage vintage, and its fabric when only that differs. */
function suffixOf(ctx: ListContext, side: Side): string {
  const { a, b } = ctx;
  if (!b) return '';
  const mine = side === 'a' ? a : b;
  if (a.coverage !== b.coverage) return `_${mine.coverage}`;
  if (a.fabric !== b.fabric) return `_${mine.coverage}_fabric${mine.fabric}`;
  return side === ctx.earlier ? '_before' : '_after';
}

export function listColumns(ctx: ListContext): string[] {
  const columns = [...BASE_COLUMNS];
  for (const side of sidesOf(ctx))
    for (const name of SIDE_COLUMNS) columns.push(`${name}${suffixOf(ctx, side)}`);
  if (ctx.b) columns.push('change', 'replaced_by');
  return columns;
}

/** The fastest offer (download, then upload) the filters count, or null. */
export function bestCountedOffer(
  offers: readonly FixedRecord[],
  filters: FixedFilters,
): FixedRecord | null {
  const rule = countingRule(filters);
  let best: FixedRecord | null = null;
  for (const o of offers) {
    if (!rule.codes.includes(o.technology_code)) continue;
    if (rule.lowLatency && o.low_latency !== 1) continue;
    if (!servesAudience(o, filters.audience)) continue;
    const down = o.max_advertised_download_speed;
    const faster =
      !best ||
      down > best.max_advertised_download_speed ||
      (down === best.max_advertised_download_speed &&
        o.max_advertised_upload_speed > best.max_advertised_upload_speed);
    if (faster) best = o;
  }
  return best;
}

/** The side's records the filters count: under a provider filter, that provider's alone. */
const countedOffers = (side: SideFacts, filters: FixedFilters) =>
  recordsOfProvider(side.offers, filters.provider);

function factsOf(side: SideFacts, filters: FixedFilters): FixedLocationFacts {
  const offers = countedOffers(side, filters);
  return {
    inRelease: side.inRelease,
    bsl: side.bsl,
    offers: offers.length,
    tiers: encodeTiers(offers, filters.audience),
  };
}

function statusOf(side: SideFacts | null, filters: FixedFilters): FixedLocationStatus | null {
  return side ? locationFixedStatus(factsOf(side, filters), filters) : null;
}

function sideCells(
  side: SideFacts | null,
  status: FixedLocationStatus | null,
  filters: FixedFilters,
): Cell[] {
  if (!side) return [NOT_IN_FABRIC, null, null, null, null];
  const best = bestCountedOffer(countedOffers(side, filters), filters);
  const providers = new Set(
    countedOffers(side, filters)
      .filter((o) => servesAudience(o, filters.audience))
      .map((o) => o.brand_name),
  );
  return [
    status,
    best ? fixedTechnologyName(best.technology_code) : null,
    best?.max_advertised_download_speed ?? null,
    best?.max_advertised_upload_speed ?? null,
    [...providers].sort((x, y) => x.localeCompare(y)).join('; '),
  ];
}

function changeSideOf(side: SideFacts | null, filters: FixedFilters): ChangeSide | null {
  return side ? changeSide(factsOf(side, filters), filters) : null;
}

/** The change class of a listed location, by the rule the map's rings use. */
export function listChange(location: ListLocation, ctx: ListContext): ChangeClass {
  const later: Side = ctx.earlier === 'a' ? 'b' : 'a';
  return changeClass(
    changeSideOf(location[ctx.earlier], ctx.filters),
    changeSideOf(location[later], ctx.filters),
    location.replacedBy !== null,
  );
}

export function listRow(location: ListLocation, ctx: ListContext): ListRow {
  const r = location.record;
  const cells: Cell[] = [
    r.location_id,
    r.address_primary,
    r.city,
    r.state,
    r.zip,
    r.latitude,
    r.longitude,
    r.unit_count,
    r.bsl_flag,
    r.building_type_code,
  ];
  const status: ListRow['status'] = { a: null, b: null };
  for (const side of sidesOf(ctx)) {
    status[side] = statusOf(location[side], ctx.filters);
    cells.push(...sideCells(location[side], status[side], ctx.filters));
  }
  const change = ctx.b ? listChange(location, ctx) : null;
  if (ctx.b) cells.push(change, location.replacedBy);
  const point =
    r.latitude === null || r.longitude === null ? null : { lng: r.longitude, lat: r.latitude };
  return {
    location_id: r.location_id,
    address: r.address_primary,
    change,
    status,
    units: { a: location.a?.units ?? 0, b: location.b?.units ?? 0 },
    point,
    cells,
  };
}

/** One CSV line (RFC 4180 quoting, CRLF). */
export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map((c) => csvCell(c)).join(',')}\r\n`;
}
