// The densest town of the demo fabric, found in Node from the same seeded fabric the app
// server serves (same defaults, same .data cache), so the street-zoom test never hard-codes
// coordinates that a generator change would move.
import { loadDemoFabric } from '../../server/demo/load-demo-fabric';
import type { Fabric } from '../../server/service/store/fabric';

export interface DemoTown {
  name: string;
  /** Median position of the town's locations: inside its streets, not at a ZIP centroid. */
  lng: number;
  lat: number;
  locations: number;
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function densestTown(fabric: Fabric): DemoTown {
  const { locations: loc, towns } = fabric;
  const counts = new Uint32Array(towns.length);
  for (let i = 0; i < loc.count; i++) counts[loc.town[i]]++;
  let best = 0;
  for (let t = 1; t < towns.length; t++) if (counts[t] > counts[best]) best = t;
  const lngs: number[] = [];
  const lats: number[] = [];
  for (let i = 0; i < loc.count; i++) {
    if (loc.town[i] !== best) continue;
    lngs.push(loc.lng[i]);
    lats.push(loc.lat[i]);
  }
  return { name: towns[best].name, lng: median(lngs), lat: median(lats), locations: counts[best] };
}

export async function loadDemoTown(): Promise<DemoTown> {
  const env = process.env.DEMO_LOCATIONS;
  const fabric = await loadDemoFabric(env ? { locations: Number(env) } : {});
  return densestTown(fabric);
}

/** A square of half-side `d` degrees around the town's centre, as a GeoJSON polygon. */
export function squareAroundTown(town: DemoTown, d: number): GeoJSON.Polygon {
  const corners = [
    [-d, -d],
    [d, -d],
    [d, d],
    [-d, d],
    [-d, -d],
  ];
  return {
    type: 'Polygon',
    coordinates: [corners.map(([x, y]) => [town.lng + x!, town.lat + y!])],
  };
}
