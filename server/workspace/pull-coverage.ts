// Fixed coverage per coverage vintage (bdcfixed, location_ids 1000 a call) and the retirement
// equivalents of the locations the newest fabric vintage no longer holds (history, one call
// each: the published history has no bulk form). Journaled as pull-locations.ts does.
import { journaled, settleAll, type PullContext } from './pull-locations';
import { FixedRecordsSchema, HistorySchema, type SyncedFixedRecord } from './published-shapes';

/** The most location_ids one bdcfixed call takes (docs/REAL-API.md). */
export const BDCFIXED_IDS = 1000;

/** The journal key of one bdcfixed call, and of one location's history. */
export const bdcfixedKey = (county: string, cv: string, release: string, n: number, c: number) =>
  `bdcfixed-${county}-${cv}-of-${release}-n${n}-c${c}`;
export const historyKey = (v: string, id: number) => `history-${v}-${id}`;

/** Coverage records of vintage cv for a county's location_ids (chunked in their given order). */
export async function fixedCoverageOf(
  ctx: PullContext,
  county: string,
  cv: string,
  release: string,
  ids: number[],
  chunkSize: number,
): Promise<SyncedFixedRecord[]> {
  const chunks: number[][] = [];
  for (let at = 0; at < ids.length; at += chunkSize) chunks.push(ids.slice(at, at + chunkSize));
  const answers = await settleAll(
    chunks.map((chunk, c) =>
      journaled(
        ctx,
        bdcfixedKey(county, cv, release, chunkSize, c),
        {
          method: 'POST',
          path: `/coverage/bdcfixed?vintage=${cv}`,
          body: chunk,
          label: `bdcfixed ${cv} county ${county} chunk ${c + 1} of ${chunks.length}`,
        },
        FixedRecordsSchema,
      ),
    ),
  );
  return answers.flat();
}

/** location_id → its retirement equivalent in vintage v (null when none was found). */
export async function equivalentsOf(
  ctx: PullContext,
  v: string,
  ids: number[],
): Promise<Map<number, number | null>> {
  const found = await settleAll(
    ids.map(async (id) => {
      const rows = await journaled(
        ctx,
        historyKey(v, id),
        {
          method: 'GET',
          path: `/fabricext/${v}/history?location_id=${id}`,
          label: `history ${v} location ${id}`,
        },
        HistorySchema,
      );
      return [id, rows.find((r) => r.location_id === id)?.re_location_id ?? null] as const;
    }),
  );
  return new Map(found);
}
