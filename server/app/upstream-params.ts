// What the app server forwards upstream for each operation, and what it accepts back. Query
// parameters outside the contract are refused before they cost the shared token a call: a
// random `&x=1` would otherwise reach the service and make a new coverage cache key every
// time. The names come from the reference service's own zod query schemas, so a parameter
// added to the contract is forwarded at once.
import type { z } from 'zod';
import { invalidParameter, type ServiceError } from '../contract/errors';
import type { OperationDef } from '../contract/operations';
import {
  coverageVintagesSchema,
  fixedRecordsSchema,
  mobileRecordsSchema,
} from '../../shared/coverage-schemas';
import {
  BulkVintageQuery,
  CoverageVintagesQuery,
  FixedQuery,
  MobileQuery,
} from '../contract/schemas/coverage';
import { BulkQuery, DataQuery } from '../contract/schemas/fabric';
import {
  FixedChangeHexQuery,
  FixedChangeQuery,
  FixedHexQuery,
  FixedTileQuery,
} from '../contract/schemas/fixed-tiles';
import { HistoryQuery, SummarizeQuery, TranslateQuery } from '../contract/schemas/fabricext';
import { BoundaryQuery, H3AssignQuery } from '../contract/schemas/geosvc';
import { LocateOptionsQuery, LocateQuery } from '../contract/schemas/locate';
import { MatchBulkQuery, MatchQuery } from '../contract/schemas/match';
import { PlacesQuery } from '../contract/schemas/places';
import { ReportQuery } from '../contract/schemas/report';
import { ProvidersQuery } from '../contract/schemas/providers';

type QuerySchema = z.ZodObject;

/**
 * What a 200 answer must be: JSON, binary (vector tiles), or JSON passing a schema. Cached
 * answers are kept an hour, so they need a schema: the one the web app parses them with
 * (shared/coverage-schemas.ts), which accepts the forms a real deployment sends (ids as numbers, 0.2 Mbps mobile
 * tiers) where the reference service's own schemas describe only its exact output. Others are
 * only checked to be JSON: the real service's published shapes differ from the reference's
 * (docs/REAL-API.md) and the web app parses them itself.
 */
export type UpstreamAnswerKind = 'json' | 'binary' | z.core.$ZodType;

export interface UpstreamContract {
  /** The query schema whose keys may be forwarded; null when the operation takes none. */
  query: QuerySchema | null;
  answer: UpstreamAnswerKind;
}

/**
 * Every operation of the operations table by name. A unit test fails when an operation has
 * no entry here (or a cacheable one has no answer schema), so a new operation cannot silently
 * forward or refuse everything.
 */
export const UPSTREAM_OPERATIONS: Readonly<Record<string, UpstreamContract>> = {
  fabricVintages: { query: null, answer: 'json' },
  fabricLayers: { query: null, answer: 'json' },
  fields: { query: null, answer: 'json' },
  data: { query: DataQuery, answer: 'json' },
  bulk: { query: BulkQuery, answer: 'json' },
  tile: { query: null, answer: 'binary' },
  match: { query: MatchQuery, answer: 'json' },
  matchBulk: { query: MatchBulkQuery, answer: 'json' },
  // The reference service's own; a real service answers 404, which the search box explains.
  places: { query: PlacesQuery, answer: 'json' },
  history: { query: HistoryQuery, answer: 'json' },
  locate: { query: LocateQuery, answer: 'json' },
  locateBulk: { query: LocateOptionsQuery, answer: 'json' },
  translate: { query: TranslateQuery, answer: 'json' },
  summarize: { query: SummarizeQuery, answer: 'json' },
  // The reference service's own area report; a real service answers 404, which the panel explains.
  report: { query: ReportQuery, answer: 'json' },
  providers: { query: ProvidersQuery, answer: 'json' },
  // Ours too: a real service answers 404, and the web app splits on its 422 instead.
  count: { query: null, answer: 'json' },
  coverageVintages: { query: CoverageVintagesQuery, answer: coverageVintagesSchema },
  fixedCoverage: { query: FixedQuery, answer: fixedRecordsSchema },
  fixedCoverageBulk: { query: BulkVintageQuery, answer: fixedRecordsSchema },
  mobileCoverage: { query: MobileQuery, answer: mobileRecordsSchema },
  mobileCoverageBulk: { query: BulkVintageQuery, answer: mobileRecordsSchema },
  // The reference service's own fixed broadband tiles; a real service answers 404.
  fixedTile: { query: FixedTileQuery, answer: 'binary' },
  fixedHexTile: { query: FixedHexQuery, answer: 'binary' },
  fixedChangeTile: { query: FixedChangeQuery, answer: 'binary' },
  fixedChangeHexTile: { query: FixedChangeHexQuery, answer: 'binary' },
  collect3: { query: null, answer: 'json' },
  collect2: { query: null, answer: 'json' },
  listApis: { query: null, answer: 'json' },
  getUsage: { query: null, answer: 'json' },
  h3Assign: { query: H3AssignQuery, answer: 'json' },
  boundary: { query: BoundaryQuery, answer: 'json' },
};

/** The parameter names an operation accepts; [] for none or an operation without an entry. */
export function allowedQueryParams(opName: string): readonly string[] {
  const schema = UPSTREAM_OPERATIONS[opName]?.query;
  return schema ? Object.keys(schema.shape) : [];
}

/**
 * The query to forward, re-encoded from its parsed values and sorted by name (one cache key
 * per request, whatever the order), or the refusal naming the first parameter that is unknown
 * or given twice.
 */
export function forwardableQuery(
  op: OperationDef,
  incoming: URLSearchParams,
): URLSearchParams | ServiceError {
  const allowed = allowedQueryParams(op.name);
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const [name, value] of incoming) {
    const shown = JSON.stringify(name.slice(0, 40));
    if (!allowed.includes(name)) {
      const rule = allowed.length
        ? `${op.name} accepts only ${allowed.join(', ')}`
        : `${op.name} takes no query parameters`;
      return invalidParameter(name.slice(0, 40), `unknown query parameter ${shown}: ${rule}`);
    }
    if (seen.has(name)) {
      return invalidParameter(name, `query parameter ${shown} must be given at most once`);
    }
    seen.add(name);
    out.push([name, value]);
  }
  out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(out);
}
