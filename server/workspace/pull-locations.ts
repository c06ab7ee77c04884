// The locations of one fabric vintage inside a county, through published operations only:
// collect3 with the boundary (following continuations), then bulk in chunks of listapis'
// maxrequest, at most five fields a call. Each answer is journaled under a key naming the
// county, the vintage, the part or chunk and the fields, so a resumed sync asks only for what
// is missing, and a county added later asks nothing of the others.
import type { Journal } from './journal';
import {
  Collect3Schema,
  FIELD_GROUPS,
  LocationRecordSchema,
  bulkSchema,
  type SyncedLocation,
} from './published-shapes';
import type { ServiceClient, ServiceRequest } from './service-client';
import { EXIT, SyncStopped } from './sync-stopped';
import type { z } from 'zod';

export interface PullContext {
  client: ServiceClient;
  journal: Journal;
  /** A request done (answered now or found in the journal): for progress and ETA. */
  done(fromJournal: boolean): void;
}

/**
 * Promise.all that waits for every task to settle before failing: a stop leaves no request in
 * flight whose answer would reach the journal after the sync said it stopped.
 */
export async function settleAll<T>(tasks: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

/** The journaled answer under key, else the service's (checked), journaled before returning. */
export async function journaled<S extends z.ZodType>(
  ctx: PullContext,
  key: string,
  req: ServiceRequest,
  schema: S,
): Promise<z.output<S>> {
  const held = ctx.journal.get(key);
  if (held !== undefined) {
    const parsed = schema.safeParse(held);
    if (parsed.success) {
      ctx.done(true);
      return parsed.data;
    }
  }
  const answer = await ctx.client.call(req, schema);
  ctx.journal.put(key, answer);
  ctx.done(false);
  return answer;
}

/** The uuids of vintage v inside a county, parts in a fixed order (keys p, p.0, p.0.1, ...). */
export async function collectUuids(
  ctx: PullContext,
  county: string,
  v: string,
  area: unknown,
): Promise<string[]> {
  const uuids: string[] = [];
  async function part(key: string, body: unknown): Promise<void> {
    const answer = await journaled(
      ctx,
      `collect3-${county}-${v}-${key}`,
      {
        method: 'POST',
        path: `/fabric/${v}/collect3/locations`,
        body,
        label: `collect3 ${v} county ${county} part ${key}`,
      },
      Collect3Schema,
    );
    uuids.push(...answer.data);
    await settleAll(answer.continuations.map((c, j) => part(`${key}.${j}`, c.body)));
  }
  await part('p', area);
  return [...new Set(uuids)].sort();
}

/** The journal key of one bulk call: county, vintage, chunk size, chunk and field group. */
export const bulkKey = (county: string, v: string, chunkSize: number, c: number, g: number) =>
  `bulk-${county}-${v}-n${chunkSize}-c${c}-g${g}`;

/** Every field the views need for the uuids, joined on uuid across the field groups. */
export async function bulkLocations(
  ctx: PullContext,
  county: string,
  v: string,
  uuids: string[],
  chunkSize: number,
): Promise<SyncedLocation[]> {
  const chunks: string[][] = [];
  for (let at = 0; at < uuids.length; at += chunkSize) chunks.push(uuids.slice(at, at + chunkSize));
  const perChunk = await settleAll(
    chunks.map(async (chunk, c) => {
      const groups = await settleAll(
        FIELD_GROUPS.map((fields, g) => {
          const label = `bulk ${v} county ${county} chunk ${c + 1} of ${chunks.length} (fields ${fields.join(', ')})`;
          return journaled(
            ctx,
            bulkKey(county, v, chunkSize, c, g),
            {
              method: 'POST',
              path: `/fabric/${v}/bulk/locations?field=${fields.join(',')}`,
              body: chunk,
              label,
            },
            bulkSchema(fields),
          ).then((rows) => ({ rows: new Map(rows.map((r) => [r.uuid, r])), label }));
        }),
      );
      return chunk.map((uuid) => {
        const record: Record<string, unknown> = { uuid };
        for (const { rows, label } of groups) {
          const row = rows.get(uuid);
          if (!row) throw new SyncStopped(`${label}: no record for uuid ${uuid}`, EXIT.badAnswer);
          Object.assign(record, row);
        }
        return LocationRecordSchema.parse(record);
      });
    }),
  );
  return perChunk.flat();
}
