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

/**
 * settleAll over tasks, at most `limit` under way at once, so answers read back from the journal
 * (at once, since nothing is awaited then) are not all held together. After a failure no more
 * are started; the first failure is thrown once those under way have settled.
 */
export async function settleEach<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed: { reason: unknown } | null = null;
  async function worker() {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        await task(items[i]!, i);
      } catch (reason) {
        failed ??= { reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw (failed as { reason: unknown }).reason;
}

/** Chunks of one county and vintage pulled at once: enough to keep the request budget busy. */
export const CHUNKS_AT_ONCE = 8;

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

const collect3Key = (county: string, v: string, part: string) => `collect3-${county}-${v}-${part}`;

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
      collect3Key(county, v, key),
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

/**
 * A journaled answer read back once the pull has journaled it whole: it was checked against its
 * published shape when the pull asked for it or read it, this run, so it is not checked again.
 */
export function journaledAnswer<T>(journal: Journal, key: string): T {
  const held = journal.get(key);
  if (held === undefined) throw new Error(`the journal lost ${key} during the sync`);
  return held as T;
}

/** What collectUuids found, read back from the journal alone. */
export function journaledUuids(journal: Journal, county: string, v: string): string[] {
  const uuids: string[] = [];
  const part = (key: string) => {
    const answer = journaledAnswer<z.output<typeof Collect3Schema>>(
      journal,
      collect3Key(county, v, key),
    );
    uuids.push(...answer.data);
    answer.continuations.forEach((_, j) => part(`${key}.${j}`));
  };
  part('p');
  return [...new Set(uuids)].sort();
}

/** The journal key of one bulk call: county, vintage, chunk size, chunk and field group. */
export const bulkKey = (county: string, v: string, chunkSize: number, c: number, g: number) =>
  `bulk-${county}-${v}-n${chunkSize}-c${c}-g${g}`;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * A chunk's records: its field groups' rows joined on uuid, in the chunk's order; each checked
 * whole when `check` (as pulled; read back, they were).
 */
function joined(
  chunk: readonly string[],
  groups: readonly { rows: readonly Record<string, unknown>[]; label: string }[],
  check: boolean,
): SyncedLocation[] {
  const byUuid = groups.map(({ rows, label }) => ({
    rows: new Map(rows.map((r) => [r.uuid, r])),
    label,
  }));
  return chunk.map((uuid) => {
    const record: Record<string, unknown> = { uuid };
    for (const { rows, label } of byUuid) {
      const row = rows.get(uuid);
      if (!row) throw new SyncStopped(`${label}: no record for uuid ${uuid}`, EXIT.badAnswer);
      Object.assign(record, row);
    }
    return check ? LocationRecordSchema.parse(record) : (record as SyncedLocation);
  });
}

const bulkLabel = (county: string, v: string, c: number, chunks: number, g: number) =>
  `bulk ${v} county ${county} chunk ${c + 1} of ${chunks} (fields ${FIELD_GROUPS[g]!.join(', ')})`;

/**
 * Every field the views need for the uuids, joined on uuid across the field groups: journaled
 * chunk by chunk, each chunk's records handed to `take` (in no fixed order of chunks) and not
 * kept; journaledBulk reads them back.
 */
export async function bulkLocations(
  ctx: PullContext,
  county: string,
  v: string,
  uuids: string[],
  chunkSize: number,
  take: (records: SyncedLocation[], chunk: number) => void,
): Promise<void> {
  const chunks = chunksOf(uuids, chunkSize);
  await settleEach(chunks, CHUNKS_AT_ONCE, async (chunk, c) => {
    const groups = await settleAll(
      FIELD_GROUPS.map((fields, g) => {
        const label = bulkLabel(county, v, c, chunks.length, g);
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
        ).then((rows) => ({ rows, label }));
      }),
    );
    take(joined(chunk, groups, true), c);
  });
}

/** What bulkLocations pulled, chunk by chunk in order, read back from the journal alone. */
export function* journaledBulk(
  journal: Journal,
  county: string,
  v: string,
  chunkSize: number,
): Generator<SyncedLocation[]> {
  const chunks = chunksOf(journaledUuids(journal, county, v), chunkSize);
  for (const [c, chunk] of chunks.entries()) {
    yield joined(
      chunk,
      FIELD_GROUPS.map((_, g) => ({
        rows: journaledAnswer<Record<string, unknown>[]>(
          journal,
          bulkKey(county, v, chunkSize, c, g),
        ),
        label: bulkLabel(county, v, c, chunks.length, g),
      })),
      false,
    );
  }
}
