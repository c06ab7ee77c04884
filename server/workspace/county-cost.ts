// The requests one county still needs after its collect3 answers, counted on the sync's own
// journal keys (so what is journaled counts nothing). Its locations are those collect3 found,
// unless every bulk answer of the county is journaled: then they are the sync's own (records
// whose census block lies in the county) and the locations the newest vintage retired are
// known, so the history calls are exact too; before that they are a floor (the published
// operations say which uuids a vintage holds, not which location_ids it dropped).
import type { Journal } from './journal';
import { bdcfixedKey, historyKey } from './pull-coverage';
import { chunks, releaseIndex } from './pull-county';
import { bulkKey } from './pull-locations';
import { FIELD_GROUPS } from './published-shapes';

export interface CountyCost {
  /** Locations per fabric vintage (ascending vintages). */
  locations: number[];
  bulk: number;
  bdcfixed: number;
  history: number;
  /** False when history is a floor. */
  exact: boolean;
}

interface Plan {
  fabric: string[];
  coverage: string[];
  bulkChunk: number;
  fixedChunk: number;
}

type Row = { uuid: string; location_id?: number; block_geoid?: string };

/** The county's location_ids per vintage from journaled bulk answers, or null if any is missing. */
function journaledIds(j: Journal, geoid: string, uuids: string[][], p: Plan): number[][] | null {
  const out: number[][] = [];
  for (const [vi, v] of p.fabric.entries()) {
    const ids: number[] = [];
    for (let c = 0; c < chunks(uuids[vi]!.length, p.bulkChunk); c++) {
      const [ids0, blocks] = [0, 1].map((g) => j.get(bulkKey(geoid, v, p.bulkChunk, c, g))) as [
        Row[] | undefined,
        Row[] | undefined,
      ];
      if (!ids0 || !blocks) return null;
      const inCounty = new Set(
        blocks.filter((r) => r.block_geoid?.startsWith(geoid)).map((r) => r.uuid),
      );
      for (const r of ids0) if (inCounty.has(r.uuid)) ids.push(r.location_id!);
    }
    out.push(ids);
  }
  return out;
}

export function countyCost(j: Journal, geoid: string, uuids: string[][], p: Plan): CountyCost {
  let bulk = 0;
  p.fabric.forEach((v, vi) => {
    for (let c = 0; c < chunks(uuids[vi]!.length, p.bulkChunk); c++)
      FIELD_GROUPS.forEach(
        (_, g) => void (bulk += j.has(bulkKey(geoid, v, p.bulkChunk, c, g)) ? 0 : 1),
      );
  });
  const ids = journaledIds(j, geoid, uuids, p);
  const counts = ids ? ids.map((list) => list.length) : uuids.map((list) => list.length);
  let bdcfixed = 0;
  for (const cv of p.coverage) {
    const i = releaseIndex(p.fabric, cv);
    for (let c = 0; c < chunks(counts[i]!, p.fixedChunk); c++)
      if (!j.has(bdcfixedKey(geoid, cv, p.fabric[i]!, p.fixedChunk, c))) bdcfixed++;
  }
  const newest = p.fabric.at(-1)!;
  let history: number;
  if (ids) {
    const kept = new Set(ids.at(-1));
    const retired = new Set(
      ids
        .slice(0, -1)
        .flat()
        .filter((id) => !kept.has(id)),
    );
    history = [...retired].filter((id) => !j.has(historyKey(newest, id))).length;
  } else {
    history = Math.max(0, Math.max(...counts.slice(0, -1), 0) - counts.at(-1)!);
  }
  return { locations: counts, bulk, bdcfixed, history, exact: ids !== null };
}
