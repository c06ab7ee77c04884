// What changed at a location between two releases, as the browser tests work it out from the
// service's own records (bulk fabric records at both fabric vintages and at the releases the
// coverage vintages were filed on, bdcfixed at both coverage vintages, history). Written here
// from the README's change classes ("Compare releases") rather than imported from shared/, so the rule cannot agree with
// itself; only the BEAD defaults (the status comes from fixed-expect.ts).
import type { APIRequestContext } from '@playwright/test';
import { BEAD_DEFAULTS, expectedStatus } from './fixed-expect';
import type { ApiFixedOffer } from './location-expect';
import { apiGet, apiPost } from './service-api';

export interface Release {
  coverage: string;
  fabric: string;
}

type Side = { status: string; best: number } | null;

const TIERS: [number, number][] = [
  [25, 3],
  [100, 20],
  [250, 25],
  [1000, 100],
];
const RELIABLE = [10, 40, 50, 71, 72];

/** The best tier among the offers BEAD counts for residential service (0 below 25/3). */
function beadBest(records: readonly ApiFixedOffer[]): number {
  let best = 0;
  for (const r of records) {
    if (!RELIABLE.includes(Number(r.technology_code)) || Number(r.low_latency) !== 1) continue;
    if (r.business_residential_code === 'B') continue;
    const d = Number(r.max_advertised_download_speed);
    const u = Number(r.max_advertised_upload_speed);
    best = Math.max(best, TIERS.filter(([td, tu]) => d >= td && u >= tu).length);
  }
  return best;
}

const RANK: Record<string, number> = { served: 3, underserved: 2, unserved: 1, nooffers: 1 };

export function expectedChange(before: Side, after: Side, equivalent: boolean): string {
  if (!before) return 'new';
  if (!after) return equivalent ? 'retired_equivalent' : 'retired';
  const [from, to] = [RANK[before.status], RANK[after.status]];
  if (from === undefined || to === undefined) {
    return before.status === after.status ? 'unchanged' : 'reclassified';
  }
  if (to > from) return to === 3 ? 'newly_served' : 'newly_underserved';
  if (to < from) return 'lost_service';
  if (after.best !== before.best) return after.best > before.best ? 'improved' : 'worsened';
  return 'unchanged';
}

async function inChunks<T>(ids: number[], ask: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let k = 0; k < ids.length; k += 1000) out.push(...(await ask(ids.slice(k, k + 1000))));
  return out;
}

/** bsl_flag of the ids present in fabric vintage v (absent ids are left out). */
async function present(request: APIRequestContext, v: string, ids: number[]) {
  const records = await inChunks(ids, (chunk) =>
    apiPost<{ location_id: number | string; bsl_flag: number | string }[]>(
      request,
      `/fabric/${v}/bulk/locations?field=location_id,bsl_flag`,
      { location_id: chunk },
    ),
  );
  return new Map(records.map((r) => [Number(r.location_id), Number(r.bsl_flag)]));
}

async function offers(request: APIRequestContext, cv: string, ids: number[]) {
  const records = await inChunks(ids, (chunk) =>
    apiPost<(ApiFixedOffer & { location_id: string | number })[]>(
      request,
      `/coverage/bdcfixed?vintage=${cv}`,
      chunk,
    ),
  );
  const out = new Map<number, ApiFixedOffer[]>(ids.map((id) => [id, []]));
  for (const r of records) out.get(Number(r.location_id))?.push(r);
  return out;
}

/** Each id's class between two releases, `before` being the earlier one. */
export async function expectedChanges(
  request: APIRequestContext,
  ids: number[],
  before: Release,
  after: Release,
): Promise<Map<number, string>> {
  const side = async (r: Release) => {
    const [fabric, release, records] = await Promise.all([
      present(request, r.fabric, ids),
      present(request, r.coverage, ids),
      offers(request, r.coverage, ids),
    ]);
    return (id: number): Side => {
      if (!fabric.has(id)) return null;
      const own = records.get(id) ?? [];
      let status: string = expectedStatus(own, BEAD_DEFAULTS);
      if (!release.has(id)) status = 'notinrelease';
      else if (fabric.get(id) !== 1) status = 'notbsl';
      return { status, best: own.length ? beadBest(own) : 0 };
    };
  };
  const [b, a] = [await side(before), await side(after)];
  const out = new Map<number, string>();
  for (const id of ids) {
    const [sb, sa] = [b(id), a(id)];
    if (!sb && !sa) continue;
    let equivalent = false;
    if (sb && !sa) {
      const h = await apiGet<{ re_location_id: number | null }[]>(
        request,
        `/fabricext/${after.fabric}/history?location_id=${id}`,
      );
      equivalent = (h[0]?.re_location_id ?? null) !== null;
    }
    out.set(id, expectedChange(sb, sa, equivalent));
  }
  return out;
}
