// What the fixed broadband tile tests share: a generated demo fabric small enough to build in
// a test, a service over it, tile arithmetic, and the published operations they compare the
// tiles against (bdcfixed, bulk, collect3, summarize), called over HTTP like any client.
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FixedOffer } from '../../../shared/served-status';
import { DEFAULT_SEED, generateFabric } from '../../demo/generate-fabric';
import type { Fabric } from '../store/fabric';
import { createMemoryStore } from '../store/memory/memory-store';
import { TOKEN, call, startService, type RunningService } from './harness';

export const DEMO: Fabric = generateFabric({ seed: DEFAULT_SEED, locations: 8000 });

/** A service over DEMO for the calling file, checked to have logged no internal error. */
export function demoService(): { readonly url: string } {
  let svc: RunningService | undefined;
  beforeAll(async () => {
    svc = await startService({ store: createMemoryStore(DEMO) });
  });
  afterAll(async () => {
    expect(svc?.logged).toEqual([]);
    await svc?.close();
  });
  return {
    get url() {
      if (!svc) throw new Error('the service starts in beforeAll');
      return svc.url;
    },
  };
}

/** The tile (x, y) at zoom z holding a point. */
export function tileOf(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(y)];
}

/** A tile fetched and decoded; its layer, or null when the tile has no such layer. */
export async function fetchLayer(base: string, path: string, layer: string) {
  const res = await fetch(base + path, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
  const tile = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer())));
  return tile.layers[layer] ?? null;
}

export function featuresOf(layer: VectorTileLayer | null) {
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i));
}

async function postJson<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await call(base, path, { body });
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
  return res.body as T;
}

/** bdcfixed records of these locations at coverage vintage cv, by location_id. */
export async function fixedOffersOf(
  base: string,
  cv: string,
  ids: number[],
): Promise<Map<number, FixedOffer[]>> {
  const out = new Map<number, FixedOffer[]>(ids.map((id) => [id, []]));
  for (let k = 0; k < ids.length; k += 1000) {
    const chunk = ids.slice(k, k + 1000);
    const records = await postJson<(FixedOffer & { location_id: string })[]>(
      base,
      `/coverage/bdcfixed?vintage=${cv}`,
      chunk,
    );
    for (const r of records) out.get(Number(r.location_id))?.push(r);
  }
  return out;
}

interface CollectAnswer {
  data: string[];
  continuations: { body: unknown }[];
}

/**
 * The locations of fabric vintage fv inside an area (collect3, then bulk for their fields):
 * location_id, bsl_flag and any `extra` field, as numbers.
 */
export async function locationsInside<Extra extends string = never>(
  base: string,
  fv: string,
  area: GeoJSON.Polygon,
  extra: readonly Extra[] = [],
): Promise<({ location_id: number; bsl_flag: number } & Record<Extra, number>)[]> {
  const uuids: string[] = [];
  const visit = async (body: unknown): Promise<void> => {
    const answer = await postJson<CollectAnswer>(base, `/fabric/${fv}/collect3/locations`, body);
    if (answer.continuations.length === 0) uuids.push(...answer.data);
    for (const c of answer.continuations) await visit(c.body);
  };
  await visit(area);
  const fields = ['location_id', 'bsl_flag', ...extra];
  const rows: Record<string, unknown>[] = [];
  for (let k = 0; k < uuids.length; k += 1000) {
    rows.push(
      ...(await postJson<typeof rows>(
        base,
        `/fabric/${fv}/bulk/locations?field=${fields.join(',')}`,
        uuids.slice(k, k + 1000),
      )),
    );
  }
  return rows.map(
    (r) =>
      Object.fromEntries(fields.map((f) => [f, Number(r[f])])) as {
        location_id: number;
        bsl_flag: number;
      } & Record<Extra, number>,
  );
}

/** Which of these location_ids fabric vintage v holds. */
export async function presentIn(base: string, v: string, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let k = 0; k < ids.length; k += 1000) {
    const rows = await postJson<{ location_id: number }[]>(
      base,
      `/fabric/${v}/bulk/locations?field=location_id`,
      { location_id: ids.slice(k, k + 1000) },
    );
    for (const r of rows) found.add(Number(r.location_id));
  }
  return found;
}

/** summarize's locationcount of an area at fabric vintage fv. */
export async function summarizeCount(base: string, fv: string, area: GeoJSON.Polygon) {
  const answer = await postJson<{ locationcount: number }>(
    base,
    `/fabricext/${fv}/summarize?field=bsl_flag`,
    area,
  );
  return answer.locationcount;
}
