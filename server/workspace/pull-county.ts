// One county's part of a sync: its boundary (libgetgeo), the uuids inside it per fabric vintage
// (collect3), their records (bulk), then its fixed coverage per coverage vintage (bdcfixed). A
// county's locations are those whose census block lies in it (the first five digits of
// block_geoid), as the FCC assigns them: collect3 over a boundary may also find a few across
// the line, and those belong to the neighbour, so no location is held twice.
import type { Journal } from './journal';
import { joinedIds } from './sorted-ids';
import {
  journaled,
  journaledBulk,
  settleAll,
  bulkLocations,
  collectUuids,
  type PullContext,
} from './pull-locations';
import { fixedCoverageOf, journaledFixedCoverage } from './pull-coverage';
import {
  BoundarySchema,
  FIELD_GROUPS,
  type SyncedFixedRecord,
  type SyncedLocation,
} from './published-shapes';

export interface PulledCounty {
  geoid: string;
  name: string;
  boundary: GeoJSON.MultiPolygon;
  /** The state its first record names (first vintage, first chunk), if it has any. */
  state: string | undefined;
  /** ids[i]: the location_ids of the county's records in fabric vintage i, ascending. */
  ids: Float64Array[];
}

const polygons = (g: GeoJSON.Polygon | GeoJSON.MultiPolygon): GeoJSON.MultiPolygon =>
  g.type === 'Polygon' ? { type: 'MultiPolygon', coordinates: [g.coordinates] } : g;

export const chunks = (n: number, size: number) => Math.ceil(n / size);

/** The county's boundary and the uuids inside it per fabric vintage (what an estimate asks). */
export async function countyUuids(ctx: PullContext, geoid: string, vintages: string[]) {
  const boundary = await journaled(
    ctx,
    `boundary-${geoid}`,
    {
      method: 'GET',
      path: `/geosvc/libgetgeo/tiger/2020/counties?id=${geoid}`,
      label: `boundary of county ${geoid}`,
    },
    BoundarySchema,
  );
  const uuids = await settleAll(vintages.map((v) => collectUuids(ctx, geoid, v, boundary)));
  return { boundary, uuids };
}

/**
 * The county's boundary, and its locations in each fabric vintage journaled: only their
 * location_ids are kept (countyLocations reads the records back).
 */
export async function pullCountyLocations(
  ctx: PullContext,
  geoid: string,
  vintages: string[],
  bulkChunk: number,
  plan: (requests: number) => void,
): Promise<PulledCounty> {
  const { boundary, uuids } = await countyUuids(ctx, geoid, vintages);
  plan(uuids.reduce((sum, u) => sum + FIELD_GROUPS.length * chunks(u.length, bulkChunk), 0));
  const held = await settleAll(
    vintages.map(async (v, i) => {
      const idsOf: Float64Array[] = [];
      const stateOf: (string | undefined)[] = [];
      await bulkLocations(ctx, geoid, v, uuids[i]!, bulkChunk, (records, c) => {
        const own = records.filter((r) => inCounty(r, geoid));
        idsOf[c] = Float64Array.from(own, (r) => r.location_id);
        stateOf[c] = own[0]?.state;
      });
      return { ids: joinedIds(idsOf).sort(), state: stateOf.find((s) => s !== undefined) };
    }),
  );
  return {
    geoid,
    name: boundary.properties.name ?? geoid,
    boundary: polygons(boundary.geometry),
    state: held.find((h) => h.state !== undefined)?.state,
    ids: held.map((h) => h.ids),
  };
}

/** A county's records as the FCC assigns them: by the county of their census block. */
const inCounty = (r: SyncedLocation, geoid: string) => r.block_geoid.startsWith(geoid);

/** The county's records in fabric vintage v, read back from the journal on each pass. */
export function countyLocations(
  journal: Journal,
  geoid: string,
  v: string,
  bulkChunk: number,
): Iterable<SyncedLocation> {
  return {
    *[Symbol.iterator]() {
      for (const records of journaledBulk(journal, geoid, v, bulkChunk))
        for (const r of records) if (inCounty(r, geoid)) yield r;
    },
  };
}

/**
 * The county's fixed coverage of each coverage vintage journaled, reported on its release: the
 * newest synced fabric vintage not after it (so bdcfixed is asked for the locations of that
 * release).
 */
export async function pullCountyCoverage(
  ctx: PullContext,
  county: PulledCounty,
  fabricVintages: string[],
  coverageVintages: string[],
  fixedChunk: number,
): Promise<void> {
  await settleAll(
    coverageVintages.map((cv) => {
      const i = releaseIndex(fabricVintages, cv);
      return fixedCoverageOf(ctx, county.geoid, cv, fabricVintages[i]!, county.ids[i]!, fixedChunk);
    }),
  );
}

/** The county's fixed coverage records of coverage vintage cv, read back from the journal. */
export function countyCoverage(
  journal: Journal,
  county: PulledCounty,
  fabricVintages: string[],
  cv: string,
  fixedChunk: number,
): Iterable<SyncedFixedRecord> {
  const i = releaseIndex(fabricVintages, cv);
  return {
    *[Symbol.iterator]() {
      const release = fabricVintages[i]!;
      const count = county.ids[i]!.length;
      for (const records of journaledFixedCoverage(
        journal,
        county.geoid,
        cv,
        release,
        count,
        fixedChunk,
      ))
        yield* records;
    },
  };
}

/** The index of the newest fabric vintage not after coverage vintage cv (the oldest if none). */
export function releaseIndex(fabricVintages: string[], cv: string): number {
  return fabricVintages.reduce((found, v, k) => (v <= cv ? k : found), 0);
}
