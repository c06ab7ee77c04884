// A service fabric over two counties for the sync's tests, since the demo fills one: the demo
// county's records as the demo answers them, and a neighbour's made from them, moved by the
// distance between the two counties' centres and kept where they fall inside the neighbour
// (location_ids moved past the demo's, block GEOIDs in the neighbour). Built with the sync's
// own assembly, so the reference service answers both counties as it answers any fabric.
import { booleanPointInPolygon, centroid, point } from '@turf/turf';
import { boundaryFeature } from '../../service/routes/boundaries';
import type { Fabric } from '../../service/store/fabric';
import { createMemoryStore } from '../../service/store/memory/memory-store';
import { assembleFabric, type SyncedCounty } from '../assemble-fabric';
import {
  LocationRecordSchema,
  type SyncedFixedRecord,
  type SyncedLocation,
} from '../published-shapes';
import type { RecordArea } from './assemble-by-records';
import { idsIn } from './sync-fixture';

/** Christian County, IL: south-east of the demo county, about its size. */
export const NEIGHBOUR = '17021';
/** Pike County, MO: across the Mississippi, for a workspace over two states. */
export const ACROSS_STATE = { geoid: '29163', state: 'MO' };
/** Added to a demo location_id to name its copy in the neighbour. */
const ID_SHIFT = 500_000_000;

function county(geoid: string, state: string): SyncedCounty {
  const f = boundaryFeature('counties', geoid)!;
  const g = f.geometry;
  const boundary: GeoJSON.MultiPolygon =
    g.type === 'Polygon' ? { type: 'MultiPolygon', coordinates: [g.coordinates] } : g;
  return { geoid, name: f.properties.name, state, boundary };
}

/** The two counties' records, as a sync holds them before assembling its fabric. */
export async function twoCountyArea(
  demo: Fabric,
  neighbour = { geoid: NEIGHBOUR, state: 'IL' },
): Promise<RecordArea> {
  const home = county(demo.county.geoid, demo.county.state);
  const next = county(neighbour.geoid, neighbour.state);
  const [hx, hy] = centroid(home.boundary).geometry.coordinates as [number, number];
  const [nx, ny] = centroid(next.boundary).geometry.coordinates as [number, number];
  const store = createMemoryStore(demo);
  const fields = ['uuid', ...Object.keys(LocationRecordSchema.shape).filter((f) => f !== 'uuid')];
  const dx = nx - hx;
  const dy = ny - hy;
  // The demo locations whose moved copy lies inside the neighbour: those it gets.
  const kept = new Set<number>();
  const { locationId, lng, lat } = demo.locations;
  locationId.forEach((id, i) => {
    if (booleanPointInPolygon(point([lng[i]! + dx, lat[i]! + dy]), next.boundary)) kept.add(id);
  });
  const moved = (r: SyncedLocation): SyncedLocation[] => {
    if (!kept.has(r.location_id)) return [];
    return [
      {
        ...r,
        longitude: r.longitude + dx,
        latitude: r.latitude + dy,
        uuid: `${r.uuid}-moved`,
        location_id: r.location_id + ID_SHIFT,
        block_geoid: neighbour.geoid + r.block_geoid.slice(5),
        state: neighbour.state,
      },
    ];
  };
  const locations: SyncedLocation[][] = [];
  const coverage: { vintage: string; records: SyncedFixedRecord[] }[] = [];
  const everId = Array.from(locationId);
  for (const { vintage } of demo.vintages) {
    const ids = idsIn(demo, [vintage]);
    const records = (await store.bulkLocations(vintage, { location_id: ids }, fields)).map((r) =>
      LocationRecordSchema.parse(r),
    );
    locations.push([...records, ...records.flatMap(moved)]);
    const fixed = await store.fixedCoverage(vintage, everId);
    const copiesOf = fixed
      .filter((r) => kept.has(Number(r.location_id)))
      .map((r) => ({ ...r, location_id: String(Number(r.location_id) + ID_SHIFT) }));
    coverage.push({ vintage, records: [...fixed, ...copiesOf] });
  }
  const equivalents = new Map<number, number | null>();
  demo.locations.locationId.forEach((id, i) => {
    const re = demo.locations.reLocationId[i]!;
    if (re === 0) return;
    equivalents.set(id, re);
    if (kept.has(id)) equivalents.set(id + ID_SHIFT, re + ID_SHIFT);
  });
  await store.close();
  const counties = [home, next].sort((a, b) => a.geoid.localeCompare(b.geoid));
  return { counties, vintages: demo.vintages, locations, coverage, equivalents, seed: demo.seed };
}

export async function twoCountyFabric(
  demo: Fabric,
  neighbour = { geoid: NEIGHBOUR, state: 'IL' },
): Promise<Fabric> {
  return assembleFabric(await twoCountyArea(demo, neighbour));
}
