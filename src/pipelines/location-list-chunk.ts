// One chunk of an area's location list (at most maxrequest uuids) from the published operations,
// the street-zoom assembler's way (fixed-view-chunk.ts) with the list's fields: bulk data of
// the chunk's fabric by uuid (address, units, BSL, building type, coordinates, in two calls of
// five fields), then by the location_ids it gave: bdcfixed at the coverage vintage and presence
// in the release that vintage was reported on; with a comparison, the same facts of the other
// release (its fabric's record by location_id says whether the location is in it, and gives its
// uuid there), and for a location retired by the later fabric, its history's equivalent.
import type { FixedRecord } from '../../shared/coverage-schemas';
import { flag, intLike, numberLike, textOrEmpty } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';
import { getFixedCoverageBulk } from '../api/coverage';
import { bulkLocations } from '../api/fabric';
import { getHistory } from '../api/fabricext';
import { runInOrder } from './chunk-scheduler';
import {
  fieldCalls,
  idKey,
  joinBulkRecords,
  offersByLocation,
  parseBulkRecord,
} from './fixed-view-assemble';
import { locationIdsOf, presentIn, type ViewVintages } from './fixed-view-chunk';

/** The location fields the list asks of bulk, two calls of five. */
export const LIST_FIELDS = [
  'location_id',
  'address_primary',
  'city',
  'state',
  'zip',
  'unit_count',
  'bsl_flag',
  'building_type_code',
  'latitude',
  'longitude',
] as const;

/** History calls at once for a chunk's retired locations (each one item). */
const HISTORY_CONCURRENCY = 4;

const listRecordSchema = z.object({
  uuid: z.string(),
  location_id: intLike,
  // A real deployment may leave these empty: the row is still written, with empty cells.
  address_primary: textOrEmpty,
  city: textOrEmpty,
  state: textOrEmpty,
  zip: textOrEmpty,
  unit_count: z.pipe(
    z.nullish(intLike),
    z.transform((n) => n ?? 0),
  ),
  bsl_flag: flag,
  building_type_code: textOrEmpty,
  latitude: z.pipe(
    z.nullish(numberLike),
    z.transform((n) => n ?? null),
  ),
  longitude: z.pipe(
    z.nullish(numberLike),
    z.transform((n) => n ?? null),
  ),
});
export type ListRecord = z.output<typeof listRecordSchema>;

const otherRecordSchema = z.object({
  location_id: intLike,
  uuid: z.string(),
  unit_count: z.pipe(
    z.nullish(intLike),
    z.transform((n) => n ?? 0),
  ),
  bsl_flag: flag,
});

/** A location's facts at one release: what a status under the filters is read from. */
export interface SideFacts {
  inRelease: boolean;
  bsl: boolean;
  /** Units as that release's fabric counts them. */
  units: number;
  offers: readonly FixedRecord[];
}

export interface ListLocation {
  record: ListRecord;
  /** At the map's releases (a) and the compared ones (b); null when not in that fabric. */
  a: SideFacts | null;
  b: SideFacts | null;
  /** A location the later fabric retired: its equivalent there (history), or null. */
  replacedBy: number | null;
}

export interface ListChunk {
  locations: ListLocation[];
  /** The other release's uuids of these locations (its collect3 gave some of them too). */
  otherUuids: string[];
}

export interface ChunkSides {
  /** The releases whose uuids the chunk holds. */
  own: ViewVintages;
  /** The releases compared with, or null without a comparison. */
  other: ViewVintages | null;
  /** Which side `own` is. */
  ownSide: 'a' | 'b';
  /** Whether `own` is the earlier fabric (its locations missing from the other are retired). */
  ownEarlier: boolean;
}

/** How the chunk's requests are made: through a retrying wrapper that holds the signal. */
export type Call = <T>(request: (signal: AbortSignal) => Promise<T>) => Promise<T>;

export async function loadListChunk(
  sides: ChunkSides,
  uuids: readonly string[],
  call: Call,
  signal: AbortSignal,
): Promise<ListChunk> {
  const { own, other } = sides;
  const [firstFields, secondFields] = fieldCalls(LIST_FIELDS);
  const first = await call((s) => bulkLocations(own.fabric, uuids, firstFields!, s));
  const ids = locationIdsOf(first);
  const some = ids.length > 0;
  const sameCoverage = other !== null && other.coverage === own.coverage;
  const [second, offers, inRelease, otherPage, otherOffers, otherInRelease] = await Promise.all([
    call((s) => bulkLocations(own.fabric, uuids, secondFields!, s)),
    some ? call((s) => getFixedCoverageBulk(own.coverage, ids, s)) : [],
    own.release ? call((s) => presentIn(own.release!, ids, s)) : null,
    other && some
      ? call((s) =>
          bulkLocations(other.fabric, ids, ['location_id', 'uuid', 'unit_count', 'bsl_flag'], s),
        )
      : [],
    other && some && !sameCoverage ? call((s) => getFixedCoverageBulk(other.coverage, ids, s)) : [],
    other?.release ? call((s) => presentIn(other.release!, ids, s)) : null,
  ]);
  const records = joinBulkRecords(uuids, [first, second], listRecordSchema);
  const ownOffers = offersByLocation(offers);
  const theirOffers = sameCoverage ? ownOffers : offersByLocation(otherOffers);
  const theirs = new Map(
    otherPage.map((r) => {
      const parsed = parseBulkRecord(otherRecordSchema, r, String(r.location_id));
      return [parsed.location_id, parsed] as const;
    }),
  );

  const locations = records.map((record): ListLocation => {
    const id = record.location_id;
    const mine: SideFacts = {
      inRelease: inRelease?.has(id) ?? true,
      bsl: record.bsl_flag === 1,
      units: record.unit_count,
      offers: ownOffers.get(idKey(id)) ?? [],
    };
    const their = theirs.get(id);
    const theirSide: SideFacts | null = their
      ? {
          inRelease: otherInRelease?.has(id) ?? true,
          bsl: their.bsl_flag === 1,
          units: their.unit_count,
          offers: theirOffers.get(idKey(id)) ?? [],
        }
      : null;
    const [a, b] = sides.ownSide === 'a' ? [mine, theirSide] : [theirSide, mine];
    return { record, a, b, replacedBy: null };
  });

  // Retired: in the earlier fabric, not in the later one; its equivalent is in its history.
  const retired =
    sides.other && sides.ownEarlier
      ? locations.filter((l) => !theirs.has(l.record.location_id))
      : [];
  const later = sides.other?.fabric ?? '';
  await runInOrder(
    retired.map((l) => (s: AbortSignal) => call(() => getHistory(later, l.record.location_id, s))),
    {
      concurrency: HISTORY_CONCURRENCY,
      signal,
      onResult: (i, history) => {
        retired[i]!.replacedBy = history[0]?.re_location_id ?? null;
      },
    },
  );
  return { locations, otherUuids: [...theirs.values()].map((r) => r.uuid) };
}
