// Whether the workspace may answer `history` for a synced fabric vintage. Upstream's record of a
// location asked at vintage v (spec 2.1, 4.2) is, by the reference service's rule
// (store/memory/ops/history.ts): none when the location is in no release up to v; else its
// first and last versions among the releases up to v, and its retirement equivalent when it is
// absent from v (retired) and the equivalent is present in v. So the workspace's record is
// upstream's only when it holds every release upstream lists (first and last span them all),
// and, for a location absent from v, when it knows the equivalent upstream gives at v: only at
// the newest vintage, whose retired locations the sync asks history of anyway (pull-coverage.ts).
// What the real service does beyond the published shape (whether last is capped at the vintage
// asked, whether a location new after v has no record at v) is not assumed but checked, per
// vintage, on a sample of its synced locations, as verify-data.ts checks data:
// 1. the workspace holds every fabric vintage upstream lists, with its version (no requests
//    otherwise, and history goes upstream for every vintage);
// 2. at the newest vintage, every retired location's answer (asked for its equivalent already:
//    no requests) equals the workspace's, but for an equivalent that lies outside the workspace
//    (`elsewhere`: those locations' history goes upstream);
// 3. a sample of at most HISTORY_SAMPLE of the vintage's candidates (synced locations present
//    in v, or first present after it): one present in v and before it, one present in v and
//    after it, one first present after v (each where there is one), the rest spread over the
//    candidates; each asked history at v (1 request each) and compared whole.
// The first difference found is the reason the vintage's history goes upstream, naming the
// location and the field. Every answer is journaled under the equivalents' keys, so a resumed
// sync asks nothing again and a sync that adds a county asks only its new sample's.
import { isDeepStrictEqual } from 'node:util';
import type { Dialect } from '../contract/dialect';
import type { Fabric } from '../service/store/fabric';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { renderHistory } from '../service/http/render-fabric';
import { historyKey, historyOf } from './pull-coverage';
import { settleAll, type PullContext } from './pull-locations';
import type { UpstreamHistory } from './published-shapes';

/** Locations a vintage's history sample holds at most: the request formula's 4. */
export const HISTORY_SAMPLE = 4;

/** What the manifest keeps of the check (workspace-files.ts, localHistory). */
export interface LocalHistory {
  /** The fabric vintages upstream listed at the sync, with their versions ("202506:10"). */
  listed: string[];
  /** How upstream's records name their versions; null when no record was seen. */
  dialect: Dialect | null;
  /** Per synced fabric vintage: answered from the workspace, or why not. */
  vintages: Record<string, { answered: boolean; why?: string }>;
  /** Retired locations whose equivalent at the newest vintage the workspace does not hold. */
  elsewhere: number[];
}

/** A fabric vintage as upstream lists it, with its version number (cqaversion or svcversion). */
export const listedVintage = (r: { vintage: string; version: number }) =>
  `${r.vintage}:${r.version}`;

/** The dialect a record's version names say, or null when it names neither pair. */
function dialectOf(record: Record<string, unknown>): Dialect | null {
  const published = 'firstcqaversion' in record;
  const seed = 'firstsvcversion' in record;
  return published && seed ? 'both' : published ? 'published' : seed ? 'seed' : null;
}

const shown = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value));

/** How upstream's answer differs from the workspace's, naming the field; null when equal. */
function difference(upstream: UpstreamHistory, workspace: Record<string, unknown>[]) {
  if (upstream.length !== workspace.length)
    return `history answers ${upstream.length} record(s) upstream, ${workspace.length} in the workspace`;
  for (const [k, theirs] of upstream.entries()) {
    const mine = workspace[k]!;
    for (const f of new Set([...Object.keys(theirs), ...Object.keys(mine)]))
      if (!isDeepStrictEqual(theirs[f], mine[f]))
        return `${f} is ${shown(theirs[f])} upstream, ${shown(mine[f])} in the workspace`;
  }
  return null;
}

/** The indexes of the sample (see the opening comment, step 3), ascending, once each. */
export function historySample(presence: ArrayLike<number>, vi: number): number[] {
  const before = (1 << vi) - 1;
  const here = 1 << vi;
  const candidates: number[] = [];
  for (let i = 0; i < presence.length; i++) {
    const p = presence[i]!;
    if (p & here || (p & (here | before)) === 0) candidates.push(i);
  }
  const middle = (pick: (p: number) => boolean) => {
    const of = candidates.filter((i) => pick(presence[i]!));
    return of.length ? [of[of.length >> 1]!] : [];
  };
  const picked = new Set([
    ...middle((p) => Boolean(p & here && p & before)),
    ...middle((p) => Boolean(p & here && p >> (vi + 1))),
    ...middle((p) => (p & (here | before)) === 0),
  ]);
  const n = Math.min(HISTORY_SAMPLE, candidates.length);
  // Spread over the candidates, first and last included, until the sample is full.
  for (let k = 0; picked.size < n; k++) {
    const steps = Math.max(1, n - 1);
    const at = k < n ? Math.round((k * (candidates.length - 1)) / steps) : k - n;
    picked.add(candidates[Math.min(at, candidates.length - 1)]!);
  }
  return [...picked].sort((a, b) => a - b);
}

export interface HistoryInput {
  fabric: Fabric;
  /** The fabric vintages upstream lists, each with its version. */
  offered: { vintage: string; version: number }[];
  /** The retired locations of the newest vintage, whose history the sync asked. */
  retired: number[];
  plan(requests: number): void;
  log(line: string): void;
}

/** How each synced fabric vintage's history is answered, checked as the opening comment says. */
export async function verifyLocalHistory(
  ctx: PullContext,
  input: HistoryInput,
): Promise<LocalHistory> {
  const { fabric } = input;
  const held = fabric.vintages.map((v) =>
    listedVintage({ vintage: v.vintage, version: v.svcversion }),
  );
  const listed = input.offered.map(listedVintage).sort();
  const out: LocalHistory = { listed, dialect: null, vintages: {}, elsewhere: [] };
  const lacking = listed.filter((l) => !held.includes(l));
  if (lacking.length || held.length !== listed.length) {
    const why = `the workspace holds fabric ${held.join(', ')} of the ${listed.length} upstream lists (${listed.join(', ')}): first and last versions span them all`;
    for (const v of fabric.vintages) out.vintages[v.vintage] = { answered: false, why };
    input.log(`sync: history goes upstream: ${why}`);
    return out;
  }

  const store = createMemoryStore(fabric);
  try {
    const { locationId, presence } = fabric.locations;
    const newestIndex = fabric.vintages.length - 1;
    const ask = (v: string, id: number) => historyOf(ctx, v, id);
    /** The workspace's answer in the dialect upstream's answers show (else the published). */
    const own = async (v: string, id: number, upstream: UpstreamHistory) => {
      out.dialect ??= upstream[0] ? dialectOf(upstream[0]) : null;
      const records = await store.history(v, id);
      return records.map((r) => renderHistory(r, out.dialect ?? 'published'));
    };
    const newest = new Set<number>();
    for (let i = 0; i < locationId.length; i++)
      if (presence[i]! & (1 << newestIndex)) newest.add(locationId[i]!);

    const verdicts = await settleAll(
      fabric.vintages.map(async ({ vintage: v }, vi): Promise<[string, string | null]> => {
        const sample = historySample(presence, vi).map((i) => locationId[i]!);
        input.plan(sample.filter((id) => !ctx.journal.has(historyKey(v, id))).length);
        const answers = await settleAll(sample.map((id) => ask(v, id)));
        for (const [k, id] of sample.entries()) {
          const why = difference(answers[k]!, await own(v, id, answers[k]!));
          if (why) return [v, `location ${id}: ${why}`];
        }
        if (vi !== newestIndex) return [v, null];
        // The newest vintage's retired locations, asked for their equivalents already.
        for (const id of input.retired) {
          const theirs = await ask(v, id);
          const mine = await own(v, id, theirs);
          const why = difference(theirs, mine);
          const re = theirs[0]?.re_location_id;
          const outside =
            typeof re === 'number' &&
            !newest.has(re) &&
            difference(theirs, [{ ...mine[0], re_location_id: re }]) === null;
          if (outside) out.elsewhere.push(id);
          else if (why) return [v, `location ${id}: ${why}`];
        }
        return [v, null];
      }),
    );
    for (const [v, why] of verdicts) {
      out.vintages[v] = why === null ? { answered: true } : { answered: false, why };
      input.log(
        why === null
          ? `sync: history of fabric ${v} is answered from the workspace (its sample matches upstream's)`
          : `sync: history of fabric ${v} goes upstream: ${why}`,
      );
    }
    out.elsewhere.sort((a, b) => a - b);
    return out;
  } finally {
    await store.close();
  }
}
