// The fabric locations CSV of one release and its retirement equivalents, in the published
// layouts, from the demo fabric's columns. Values are written as the service reads them
// (server/service/store/memory/ops/location-records.ts), so an imported fabric answers the same.
import { LOCATION_COLUMNS, RETIREMENT_COLUMNS } from '../../postgis/layouts';
import type { Fabric } from '../../service/store/fabric';
import { countyOfLocation } from '../../service/store/fabric-counties';
import { csvField, LineSink } from './line-sink';

/** Location i's block GEOID: its county (5) + tract (6) + block (4), leading zeros kept. */
export function blockGeoidOf(fabric: Fabric): (i: number) => string {
  const loc = fabric.locations;
  const county = countyOfLocation(fabric);
  return (i) =>
    county(i).geoid + String(loc.tract[i]).padStart(6, '0') + String(loc.block[i]).padStart(4, '0');
}

/** Every location, or those of one part (a state's, when a workspace spans several). */
export type KeepLocation = (i: number) => boolean;
const everyLocation: KeepLocation = () => true;

function addressPrimary(fabric: Fabric, i: number): string {
  const loc = fabric.locations;
  const base = `${loc.houseNumber[i]} ${fabric.roads.name[loc.road[i]]}`;
  return loc.unit[i] ? `${base} APT ${loc.unit[i]}` : base;
}

/** Every location kept present in vintage index vi, in location_id order. */
export async function writeLocations(
  fabric: Fabric,
  vi: number,
  h3Cells: readonly string[],
  path: string,
  keep: KeepLocation = everyLocation,
): Promise<number> {
  const sink = LineSink.open(path);
  await sink.line(LOCATION_COLUMNS.join(','));
  await writeLocationRows(fabric, vi, h3Cells, sink, keep);
  await sink.close();
  return sink.lines - 1;
}

/** The rows of writeLocations into an open file (a state's, one county after another). */
export async function writeLocationRows(
  fabric: Fabric,
  vi: number,
  h3Cells: readonly string[],
  sink: LineSink,
  keep: KeepLocation = everyLocation,
): Promise<void> {
  const { locations: loc, towns, codes } = fabric;
  const county = countyOfLocation(fabric);
  const blockGeoid = blockGeoidOf(fabric);
  for (let i = 0; i < loc.count; i++) {
    if (!(loc.presence[i] & (1 << vi)) || !keep(i)) continue;
    const town = towns[loc.town[i]];
    const row = [
      loc.locationId[i],
      addressPrimary(fabric, i),
      town.name.toUpperCase(),
      county(i).state,
      town.zip,
      String(loc.zipSuffix[i]).padStart(4, '0'),
      loc.unitCount[i],
      loc.bslFlag[i],
      codes.buildingType[loc.buildingType[i]] ?? '',
      codes.landUse[loc.landUse[i]] ?? '',
      loc.addressConfidence[i],
      county(i).geoid,
      blockGeoid(i),
      h3Cells[i],
      loc.lat[i],
      loc.lng[i],
    ];
    await sink.line(row.map(csvField).join(','));
  }
}

function lowestBit(bits: number): number {
  return bits === 0 ? -1 : 31 - Math.clz32(bits & -bits);
}

/**
 * The retirements a release announces: each location retired in it, with the new location
 * (first present in that release) that replaces it.
 */
export async function writeRetirements(fabric: Fabric, vi: number, path: string): Promise<number> {
  const sink = LineSink.open(path);
  await sink.line(RETIREMENT_COLUMNS.join(','));
  await writeRetirementRows(fabric, vi, sink);
  await sink.close();
  return sink.lines - 1;
}

/** The rows of writeRetirements into an open file. */
export async function writeRetirementRows(fabric: Fabric, vi: number, sink: LineSink) {
  const loc = fabric.locations;
  const indexOf = new Map<number, number>();
  for (let i = 0; i < loc.count; i++) indexOf.set(loc.locationId[i], i);
  for (let i = 0; i < loc.count; i++) {
    const re = loc.reLocationId[i];
    if (re === 0) continue;
    const r = indexOf.get(re);
    if (r === undefined)
      throw new Error(`retirement equivalent ${re} of ${loc.locationId[i]} is no location`);
    if (lowestBit(loc.presence[r]) === vi) await sink.line(`${loc.locationId[i]},${re}`);
  }
}
