// One county's part of a sync: its boundary (libgetgeo), the uuids inside it per fabric vintage
// (collect3), their records (bulk), then its fixed coverage per coverage vintage (bdcfixed). A
// county's locations are those whose census block lies in it (the first five digits of
// block_geoid), as the FCC assigns them: collect3 over a boundary may also find a few across
// the line, and those belong to the neighbour, so no location is held twice.
import {
  journaled,
  settleAll,
  bulkLocations,
  collectUuids,
  type PullContext,
} from './pull-locations';
import { fixedCoverageOf } from './pull-coverage';
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
  /** locations[i]: the county's records in fabric vintage i (ascending). */
  locations: SyncedLocation[][];
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

/** The county's boundary and its locations in each fabric vintage. */
export async function pullCountyLocations(
  ctx: PullContext,
  geoid: string,
  vintages: string[],
  bulkChunk: number,
  plan: (requests: number) => void,
): Promise<PulledCounty> {
  const { boundary, uuids } = await countyUuids(ctx, geoid, vintages);
  plan(uuids.reduce((sum, u) => sum + FIELD_GROUPS.length * chunks(u.length, bulkChunk), 0));
  const records = await settleAll(
    vintages.map((v, i) => bulkLocations(ctx, geoid, v, uuids[i]!, bulkChunk)),
  );
  return {
    geoid,
    name: boundary.properties.name ?? geoid,
    boundary: polygons(boundary.geometry),
    locations: records.map((list) => list.filter((r) => r.block_geoid.startsWith(geoid))),
  };
}

/**
 * The county's fixed coverage of each coverage vintage, reported on its release: the newest
 * synced fabric vintage not after it (so bdcfixed is asked for the locations of that release).
 */
export async function pullCountyCoverage(
  ctx: PullContext,
  county: PulledCounty,
  fabricVintages: string[],
  coverageVintages: string[],
  fixedChunk: number,
): Promise<SyncedFixedRecord[][]> {
  const ids = county.locations.map((list) => list.map((r) => r.location_id).sort((a, b) => a - b));
  return settleAll(
    coverageVintages.map((cv) => {
      const i = releaseIndex(fabricVintages, cv);
      return fixedCoverageOf(ctx, county.geoid, cv, fabricVintages[i]!, ids[i]!, fixedChunk);
    }),
  );
}

/** The index of the newest fabric vintage not after coverage vintage cv (the oldest if none). */
export function releaseIndex(fabricVintages: string[], cv: string): number {
  return fabricVintages.reduce((found, v, k) => (v <= cv ? k : found), 0);
}
