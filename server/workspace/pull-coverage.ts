// Fixed coverage per coverage vintage (bdcfixed, location_ids 1000 a call) and the retirement
// equivalents of the locations the newest fabric vintage no longer holds (history, one call
// each: the published history has no bulk form). Journaled as pull-locations.ts does.
import type { Journal } from './journal';
import {
  CHUNKS_AT_ONCE,
  journaled,
  journaledAnswer,
  settleAll,
  settleEach,
  type PullContext,
} from './pull-locations';
import { FixedRecordsSchema, HistorySchema, type SyncedFixedRecord } from './published-shapes';

/** The most location_ids one bdcfixed call takes (docs/REAL-API.md). */
export const BDCFIXED_IDS = 1000;

/** The journal key of one bdcfixed call, and of one location's history. */
export const bdcfixedKey = (county: string, cv: string, release: string, n: number, c: number) =>
  `bdcfixed-${county}-${cv}-of-${release}-n${n}-c${c}`;
export const historyKey = (v: string, id: number) => `history-${v}-${id}`;

/** Upstream's history of one location at fabric vintage v, journaled under historyKey. */
export const historyOf = (ctx: PullContext, v: string, id: number) =>
  journaled(
    ctx,
    historyKey(v, id),
    {
      method: 'GET',
      path: `/fabricext/${v}/history?location_id=${id}`,
      label: `history ${v} location ${id}`,
    },
    HistorySchema,
  );

/** Chunks of location_ids in their given order, as plain arrays (request bodies). */
const idChunks = (ids: ArrayLike<number>, size: number): number[][] => {
  const out: number[][] = [];
  for (let at = 0; at < ids.length; at += size)
    out.push(Array.from({ length: Math.min(size, ids.length - at) }, (_, k) => ids[at + k]!));
  return out;
};

/**
 * Coverage records of vintage cv for a county's location_ids (chunked in their given order),
 * journaled chunk by chunk and not kept: journaledFixedCoverage reads them back.
 */
export async function fixedCoverageOf(
  ctx: PullContext,
  county: string,
  cv: string,
  release: string,
  ids: ArrayLike<number>,
  chunkSize: number,
): Promise<void> {
  const chunks = idChunks(ids, chunkSize);
  await settleEach(chunks, CHUNKS_AT_ONCE, async (chunk, c) => {
    await journaled(
      ctx,
      bdcfixedKey(county, cv, release, chunkSize, c),
      {
        method: 'POST',
        path: `/coverage/bdcfixed?vintage=${cv}`,
        body: chunk,
        label: `bdcfixed ${cv} county ${county} chunk ${c + 1} of ${chunks.length}`,
      },
      FixedRecordsSchema,
    );
  });
}

/** What fixedCoverageOf pulled for `count` location_ids, chunk by chunk, from the journal. */
export function* journaledFixedCoverage(
  journal: Journal,
  county: string,
  cv: string,
  release: string,
  count: number,
  chunkSize: number,
): Generator<SyncedFixedRecord[]> {
  for (let c = 0; c * chunkSize < count; c++)
    yield journaledAnswer<SyncedFixedRecord[]>(
      journal,
      bdcfixedKey(county, cv, release, chunkSize, c),
    );
}

/** location_id → its retirement equivalent in vintage v (null when none was found). */
export async function equivalentsOf(
  ctx: PullContext,
  v: string,
  ids: number[],
): Promise<Map<number, number | null>> {
  const found = await settleAll(
    ids.map(async (id) => {
      const rows = await historyOf(ctx, v, id);
      return [id, rows.find((r) => r.location_id === id)?.re_location_id ?? null] as const;
    }),
  );
  return new Map(found);
}
