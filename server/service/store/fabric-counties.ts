// A fabric holds one county, or, synced into a workspace over several counties or a state, many:
// then `counties` lists them and each location's `county` column names its own. Every reader of
// a location's county, state or block GEOID goes through here, so both kinds answer alike.
import type { Fabric, FabricCounty } from './fabric';

/** Every county of the fabric, in the order the `county` column indexes them. */
export function fabricCounties(fabric: Pick<Fabric, 'county' | 'counties'>): FabricCounty[] {
  return fabric.counties ?? [fabric.county];
}

/** Location i's county. */
export function countyOfLocation(fabric: Pick<Fabric, 'county' | 'counties' | 'locations'>) {
  const counties = fabricCounties(fabric);
  const column = fabric.locations.county;
  return column ? (i: number) => counties[column[i]!]! : () => counties[0]!;
}
