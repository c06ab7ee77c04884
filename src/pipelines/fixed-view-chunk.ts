// One chunk of the locations in view (at most maxrequest uuids) from the published operations:
// bulk data of the fabric vintage by uuid (the fields in calls of at most five), then, with
// the location_ids it gave, bulk bdcfixed at the coverage vintage and, when the coverage
// vintage was reported on another fabric release, bulk data of that release by location_id
// (the ids it answers are the ones it holds: docs/SERVICE.md, bulk). Requests: 2 bulk + 1
// bdcfixed, +1 bulk when the release differs from the fabric drawn.
import { getFixedCoverageBulk } from '../api/coverage';
import { bulkLocations, type BulkRecord } from '../api/fabric';
import { intLike } from '../../shared/schema-primitives';
import {
  assembleViewLocations,
  fieldCalls,
  joinBulkPages,
  type ViewLocation,
} from './fixed-view-assemble';

export interface ViewVintages {
  fabric: string;
  coverage: string;
  /** The fabric release to check presence in; null when every location counts as in it. */
  release: string | null;
}

/**
 * The release a coverage vintage was reported on, as the location panel reads it: the fabric
 * vintage of the same YYYYMM. Null when that is the fabric drawn (nothing to check) or when
 * the service lists no such release (presence in the fabric drawn is all that can be known).
 */
export function releaseToCheck(
  fabric: string,
  coverage: string,
  fabricVintages: readonly { vintage: string }[],
): string | null {
  if (coverage === fabric) return null;
  return fabricVintages.some((v) => v.vintage === coverage) ? coverage : null;
}

export async function loadViewChunk(
  v: ViewVintages,
  uuids: readonly string[],
  signal?: AbortSignal,
): Promise<ViewLocation[]> {
  const [firstFields, ...moreFields] = fieldCalls();
  const first = await bulkLocations(v.fabric, uuids, firstFields!, signal);
  const ids = locationIdsOf(first);
  const [more, fixed, inRelease] = await Promise.all([
    Promise.all(moreFields.map((fields) => bulkLocations(v.fabric, uuids, fields, signal))),
    ids.length > 0 ? getFixedCoverageBulk(v.coverage, ids, signal) : [],
    v.release ? presentIn(v.release, ids, signal) : null,
  ]);
  const records = joinBulkPages(uuids, [first, ...more]);
  return assembleViewLocations(records, fixed, inRelease);
}

/** The location_ids bulk records hold (a record without a readable one is skipped). */
export function locationIdsOf(records: readonly BulkRecord[]): number[] {
  return records.flatMap((r) => {
    const id = intLike.safeParse(r.location_id);
    return id.success ? [id.data] : [];
  });
}

/** Which of `ids` the fabric release holds: the ids bulk answers by location_id. */
export async function presentIn(
  release: string,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set(locationIdsOf(await bulkLocations(release, ids, ['location_id'], signal)));
}
