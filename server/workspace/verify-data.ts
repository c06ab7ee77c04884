// Whether the workspace may answer `data` (the panel's address record) for a synced fabric
// vintage. A record holds every field `fields` lists; the sync pulls only the 13 the views need,
// and the workspace computes the rest as the reference service does (state and county from the
// location's county, the H3 cells from its point, the coverage fields (datalevel 20) from the
// coverage of the same YYYYMM). That computation is trusted per vintage only once it is shown
// to give upstream's record, and nothing is pulled beyond a sample:
// 1. the coverage vintage of the same YYYYMM is synced (no requests otherwise);
// 2. `fields` lists exactly the fields the workspace's records hold (1 request);
// 3. the workspace's record gives every synced location the 13 pulled fields bulk gave it
//    (read back from the journal: no requests);
// 4. a sample of at most one bulk chunk of the vintage's synced locations, spread over them,
//    pulled with every other field (bulk, five a call: 2 requests for the reference's 23
//    fields), equals the workspace's records field by field;
// 5. upstream's data answer for the sample's first location equals the workspace's, whole
//    (1 request): the answer's shape is checked too, not only the fields.
// The first difference found is the reason the vintage's data goes upstream, naming the field
// and the location. Every answer is journaled; the sample's key names its uuids (a hash), so a
// resumed sync asks nothing again and a sync that adds a county asks for a new sample.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Fabric } from '../service/store/fabric';
import { RECORD_FIELDS } from '../service/store/field-catalogue';
import { createMemoryStore } from '../service/store/memory/memory-store';
import type { LocationRecord } from '../service/store/store';
import { FIELD_GROUPS, type SyncedLocation } from './published-shapes';
import type { Journal } from './journal';
import { journaled, settleAll, type PullContext } from './pull-locations';
import { upstreamIdsInMemory, type VintageUuids } from './upstream-uuids';

/** Per fabric vintage: answered from the workspace, or why not. */
export type LocalData = Record<string, { answered: boolean; why?: string }>;

/** The fields the sync pulls for every location (uuid comes with each record). */
const PULLED: readonly string[] = FIELD_GROUPS.flat();

const FieldsSchema = z.array(z.object({ fieldname: z.string() }).loose());
const RowsSchema = z.array(z.object({ uuid: z.string() }).catchall(z.unknown()));

/** Most fields one bulk call asks (the official client's limit). */
const FIELDS_A_CALL = 5;

/** Requests a verified vintage costs, with the reference's fields (README's formula). */
export const VERIFY_REQUESTS =
  2 + Math.ceil((RECORD_FIELDS.locations.length - 1 - PULLED.length) / FIELDS_A_CALL);

/**
 * The requests the check will send, for an estimate: `fields` of each vintage it checks unless
 * journaled, and the sample's bulk and data when the synced locations change (`changed`: the
 * sample is then new) or the vintage was never checked. A floor when fields lists more than the
 * reference's fields, exact otherwise (a step that differs sends none of the next).
 */
export function verifyCost(
  journal: Journal,
  fabricVintages: string[],
  coverageVintages: string[],
  changed: (v: string) => boolean,
): { fields: number; bulk: number; data: number } {
  const checked = fabricVintages.filter((v) => coverageVintages.includes(v));
  const sampled = checked.filter(changed).length;
  return {
    fields: checked.filter((v) => !journal.has(`fields-${v}`)).length,
    bulk: sampled * (VERIFY_REQUESTS - 2),
    data: sampled,
  };
}

const shown = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value));

/** The first field of `want` whose value `have` does not hold exactly, or null. */
function firstDifference(
  fields: readonly string[],
  upstream: Record<string, unknown>,
  workspace: Record<string, unknown>,
): string | null {
  for (const f of fields) {
    if (!isDeepStrictEqual(upstream[f], workspace[f]))
      return `${f} is ${shown(upstream[f])} upstream, ${shown(workspace[f])} in the workspace`;
  }
  return null;
}

/** n items spread over the list, first and last included (all of them when n ≥ its length). */
function spread<T>(items: ArrayLike<T>, n: number): T[] {
  if (items.length <= n) return Array.from(items);
  if (n === 1) return [items[0]!];
  return Array.from(
    { length: n },
    (_, k) => items[Math.round((k * (items.length - 1)) / (n - 1))]!,
  );
}

const groupsOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, k) =>
    items.slice(k * size, (k + 1) * size),
  );

export interface VerifyInput {
  fabric: Fabric;
  fabricVintages: string[];
  coverageVintages: string[];
  /** Upstream's uuids per fabric vintage, in fabricVintages' order. */
  uuids: readonly VintageUuids[];
  /** Each vintage's synced records as bulk gave them (the journal read back), in that order. */
  records: Iterable<SyncedLocation>[];
  bulkChunk: number;
  plan(requests: number): void;
  log(line: string): void;
}

/** How each synced fabric vintage's data is answered, checked as the opening comment says. */
export async function verifyLocalData(ctx: PullContext, input: VerifyInput): Promise<LocalData> {
  const store = createMemoryStore(input.fabric);
  const upstreamIds = upstreamIdsInMemory(input.uuids);
  const ALL = RECORD_FIELDS.locations;
  try {
    const verdicts = await settleAll(
      input.fabricVintages.map(async (v, vi): Promise<[string, string | null]> => {
        /** The workspace's records of these locations, with upstream's uuid, by location_id. */
        const own = async (ids: number[], fields: readonly string[]) => {
          const rows = await store.bulkLocations(v, { location_id: ids }, [...fields]);
          const byId = new Map<number, Record<string, unknown>>();
          for (const r of rows as Record<string, unknown>[]) {
            const id = r.location_id as number;
            if ('uuid' in r) r.uuid = await upstreamIds.uuidOf(v, id);
            byId.set(id, r);
          }
          return byId;
        };

        if (!input.coverageVintages.includes(v))
          return [
            v,
            `coverage vintage ${v} is not synced (the record's coverage fields are read there)`,
          ];

        input.plan(1);
        const listed = (
          await journaled(
            ctx,
            `fields-${v}`,
            { method: 'GET', path: `/fabric/${v}/fields/locations`, label: `fields ${v}` },
            FieldsSchema,
          )
        ).map((f) => f.fieldname);
        const extra = listed.filter((f) => !ALL.includes(f));
        const missing = ALL.filter((f) => !listed.includes(f));
        const unlike = extra.length
          ? `fields lists ${extra.join(', ')}, which the workspace's record does not hold`
          : missing.length
            ? `fields does not list ${missing.join(', ')}, which the workspace's record holds`
            : new Set(listed).size !== listed.length
              ? 'fields lists a field twice'
              : null;
        if (unlike) return [v, unlike];

        // Every synced location's pulled fields, as bulk gave them.
        let batch: SyncedLocation[] = [];
        const compareBatch = async (): Promise<string | null> => {
          const mine = await own(
            batch.map((r) => r.location_id),
            PULLED,
          );
          for (const r of batch) {
            const w = mine.get(r.location_id);
            const why = w
              ? firstDifference(PULLED, r as unknown as Record<string, unknown>, w)
              : 'the workspace holds no record';
            if (why) return `location ${r.location_id}: ${why}`;
          }
          batch = [];
          return null;
        };
        for (const r of input.records[vi]!) {
          batch.push(r);
          if (batch.length === 1000) {
            const why = await compareBatch();
            if (why) return [v, why];
          }
        }
        if (batch.length) {
          const why = await compareBatch();
          if (why) return [v, why];
        }

        // A sample with every other field.
        const table = input.uuids[vi]!;
        const rows = spread(
          Array.from({ length: table.ids.length }, (_, k) => k),
          Math.max(1, Math.min(input.bulkChunk, table.ids.length)),
        );
        if (!rows.length) return [v, 'no location is synced'];
        const ids = rows.map((k) => table.ids[k]!);
        const sample = await Promise.all(ids.map(async (id) => (await upstreamIds.uuidOf(v, id))!));
        const hash = createHash('sha256').update(sample.join(',')).digest('hex').slice(0, 12);
        const rest = listed.filter((f) => f !== 'uuid' && !PULLED.includes(f));
        const groups = groupsOf(rest, FIELDS_A_CALL);
        input.plan(groups.length + 1);
        const answers = await settleAll(
          groups.map((fields, g) =>
            journaled(
              ctx,
              `verify-${v}-${hash}-n${sample.length}-g${g}`,
              {
                method: 'POST',
                path: `/fabric/${v}/bulk/locations?field=${fields.join(',')}`,
                body: sample,
                label: `bulk ${v} sample of ${sample.length} (fields ${fields.join(', ')})`,
              },
              RowsSchema,
            ),
          ),
        );
        const upstream = new Map<string, Record<string, unknown>>();
        for (const answer of answers)
          for (const row of answer) upstream.set(row.uuid, { ...upstream.get(row.uuid), ...row });
        const mine = await own(ids, rest);
        for (const [k, id] of ids.entries()) {
          const theirs = upstream.get(sample[k]!);
          if (!theirs) return [v, `location ${id}: bulk gave no record for uuid ${sample[k]}`];
          const why = firstDifference(rest, theirs, mine.get(id) ?? {});
          if (why) return [v, `location ${id}: ${why}`];
        }

        // The whole answer of data, for the sample's first location.
        const first = ids[0]!;
        const answer = await journaled(
          ctx,
          `verify-data-${v}-${hash}-n${sample.length}`,
          {
            method: 'GET',
            path: `/fabric/${v}/data/locations?location_id=${first}`,
            label: `data ${v} location ${first}`,
          },
          z.unknown(),
        );
        const record = (await own([first], ALL)).get(first) as LocationRecord | undefined;
        if (!isDeepStrictEqual(answer, record ? [record] : []))
          return [
            v,
            `location ${first}: data answers ${JSON.stringify(answer).slice(0, 200)}, the workspace ${JSON.stringify(record ? [record] : []).slice(0, 200)}`,
          ];
        return [v, null];
      }),
    );
    const out: LocalData = {};
    for (const [v, why] of verdicts) {
      out[v] = why === null ? { answered: true } : { answered: false, why };
      input.log(
        why === null
          ? `sync: data of fabric ${v} is answered from the workspace (its records match upstream's)`
          : `sync: data of fabric ${v} goes upstream: ${why}`,
      );
    }
    return out;
  } finally {
    await store.close();
    await upstreamIds.close();
  }
}
