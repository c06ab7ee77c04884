// summarize over the database: the blocks of the release's locations that meet the area's box
// are read packed (point_blocks), each point is tested against the area with the memory store's
// own area index, and the memory store's own summary-rows.ts groups, orders and sums them, so
// the answer is the memory store's. The blocks carry the computed fields of the release's own
// coverage under the BEAD rule for residential offers (the default); other coverage or filters read
// the inside locations' fixed records (coverage-at.ts).
import { splitLongToH3Index } from '../../../contract/h3';
import type { FieldColumns } from '../../../postgis/point-blocks';
import {
  MAX_EDGE_TESTS,
  summaryOf,
  type DiscreteColumn,
  type SummaryColumns,
} from '../rules/summary-rows';
import { MAXCOUNT } from '../contract';
import { DEFAULT_FIXED_FILTERS } from '../../../../shared/fixed-status';
import {
  NOT_IN_RELEASE,
  SERVED_STATUS,
  isBeadCount,
  servedStatusCode,
} from '../rules/served-status-codes';
import type { Area, SummarizeOptions, SummarizeResult } from '../store';
import { areaLocations } from './area-locations';
import type { PgContext } from './context';
import { coverageAt } from './coverage-at';

/** The fields that depend on the coverage vintage and the filters. */
const COMPUTED = new Set([
  'served_status',
  'max_down_mbps',
  'max_up_mbps',
  'provider_count',
  'fiber_provider_count',
]);

/** Per context: label text by field and code (point_block_labels), reread when a code is new. */
const labelCache = new WeakMap<PgContext, Promise<Map<string, string[]>>>();

async function labels(ctx: PgContext, reload: boolean): Promise<Map<string, string[]>> {
  let cached = labelCache.get(ctx);
  if (!cached || reload) {
    cached = ctx.pool
      .query<{ field: string; code: number; label: string }>(
        'SELECT field, code, label FROM point_block_labels',
      )
      .then(({ rows }) => {
        const byField = new Map<string, string[]>();
        for (const r of rows) {
          const list = byField.get(r.field) ?? [];
          list[r.code] = r.label;
          byField.set(r.field, list);
        }
        return byField;
      });
    labelCache.set(ctx, cached);
  }
  return cached;
}

/** H3 cells as small codes, numbered as met (the two halves of a cell index are its key). */
function h3Column(f: FieldColumns): DiscreteColumn {
  const byHigh = new Map<number, Map<number, number>>();
  const names: string[] = [];
  return {
    code(i) {
      const high = f.h3High[i];
      let lows = byHigh.get(high);
      if (!lows) byHigh.set(high, (lows = new Map()));
      let c = lows.get(f.h3Low[i]);
      if (c === undefined) {
        c = names.push(splitLongToH3Index(f.h3Low[i], high)) - 1;
        lows.set(f.h3Low[i], c);
      }
      return c;
    },
    label: (c) => names[c],
  };
}

const LABELLED: Record<string, [keyof FieldColumns, string]> = {
  state_abbr: ['state', 'state'],
  county_geoid: ['county', 'county_geoid'],
  building_type_code: ['buildingType', 'building_type_code'],
  land_use_code: ['landUse', 'land_use_code'],
};

const CONTINUOUS: Record<string, keyof FieldColumns> = {
  unit_count: 'unitCount',
  max_down_mbps: 'maxDown',
  max_up_mbps: 'maxUp',
  provider_count: 'providers',
  fiber_provider_count: 'fiberProviders',
};

/** served_status as the memory store gives it: outside the release, not a BSL, else the filters' status. */
function servedStatusColumn(f: FieldColumns): DiscreteColumn {
  return {
    code: (i) =>
      servedStatusCode(
        { inRelease: f.servedStatus[i] !== NOT_IN_RELEASE, bsl: f.bslFlag[i] === 1 },
        f.servedStatus[i],
      ),
    label: (c) => SERVED_STATUS[c] ?? String(c),
  };
}

/** The columns as summary-rows.ts reads them, over the points read. */
async function columnsOf(
  ctx: PgContext,
  f: FieldColumns,
  fields: string[],
): Promise<SummaryColumns> {
  let text = await labels(ctx, false);
  // A code the cache does not know means an import has added labels since: read them again.
  const unknown = fields.some((name) => {
    const [column, field] = LABELLED[name] ?? [];
    if (!column) return false;
    const known = text.get(field!)?.length ?? 0;
    return (f[column] as Uint16Array).some((c) => c >= known);
  });
  if (unknown) text = await labels(ctx, true);
  const fromArray = (values: ArrayLike<number>, list: readonly string[]): DiscreteColumn => ({
    code: (i) => values[i],
    label: (c) => list[c] ?? String(c),
  });
  return {
    discrete(name) {
      if (name === 'bsl_flag') return fromArray(f.bslFlag, ['0', '1']);
      if (name === 'served_status') return servedStatusColumn(f);
      if (name === 'h3_res8_id') return h3Column(f);
      const labelled = LABELLED[name];
      return labelled ? fromArray(f[labelled[0]], text.get(labelled[1]) ?? []) : null;
    },
    continuous: (name) => (CONTINUOUS[name] ? f[CONTINUOUS[name]] : null),
  };
}

export async function summarize(
  ctx: PgContext,
  vintage: string,
  area: Area,
  fields: string[],
  nocat: boolean,
  { maxEdgeTests = MAX_EDGE_TESTS, ...options }: SummarizeOptions & { maxEdgeTests?: number } = {},
): Promise<SummarizeResult> {
  const coverage = options.coverage ?? vintage;
  const filters = options.filters ?? DEFAULT_FIXED_FILTERS;
  if (ctx.vintageIndex(vintage) < 0 || !ctx.coverageVintages.includes(coverage)) {
    return { ok: true, response: { data: [], maxcount: MAXCOUNT, locationcount: 0 } };
  }
  const found = await areaLocations(ctx, vintage, area, MAXCOUNT, maxEdgeTests);
  const { inside, read } = found;
  if (!found.fields) return { ok: false, locationcount: inside.length, maxcount: MAXCOUNT };
  const withFields = found.fields;
  // The blocks carry the release's own coverage under the BEAD rule for residential offers;
  // anything else is read.
  const asBlocks =
    coverage === vintage && isBeadCount(filters) && filters.audience === 'residential';
  if (!asBlocks && fields.some((f) => COMPUTED.has(f)))
    await coverageAt(ctx, coverage, filters, inside, read.points.feature, withFields);
  return summaryOf(inside, await columnsOf(ctx, withFields, fields), fields, nocat, MAXCOUNT);
}

/** count: the release's locations inside, points only (no field is read past a count of -1). */
export async function countInArea(ctx: PgContext, vintage: string, area: Area): Promise<number> {
  if (ctx.vintageIndex(vintage) < 0) return 0;
  return (await areaLocations(ctx, vintage, area, -1, MAX_EDGE_TESTS)).inside.length;
}
