// places over the memory store: the places rankPlaces (store/rules/places-rank.ts) decides, and
// a chosen street's addresses read from the fabric's columns.
import type { PlaceAddress, PlacesResponse } from '../../../../contract/schemas/places';
import type { FabricIndex } from '../fabric-index';
import { countyOfLocation } from '../../fabric-counties';
import { addressPrimary } from './location-records';
import { rankPlaces } from '../../rules/places-rank';
import type { PlacesIndex } from '../../rules/place-entries';
import type { StreetEntry } from './places-index';

export function places(
  ix: FabricIndex,
  index: PlacesIndex<StreetEntry>,
  q: string,
  maxresults: number,
): PlacesResponse {
  const { places: ranked, streets } = rankPlaces(index, q, maxresults);
  // One address per house number (an apartment building's lowest unit).
  const loc = ix.fabric.locations;
  const houses = streets.flatMap((s) =>
    s.locations.filter(
      (i, k) => k === 0 || loc.houseNumber[s.locations[k - 1]] !== loc.houseNumber[i],
    ),
  );
  const county = countyOfLocation(ix.fabric);
  const addresses: PlaceAddress[] = houses.slice(0, maxresults).map((i) => {
    const town = ix.fabric.towns[loc.town[i]];
    return {
      location_id: loc.locationId[i],
      address: addressPrimary(ix, i),
      city: town.name.toUpperCase(),
      state: county(i).state,
      zip: town.zip,
      latitude: loc.lat[i],
      longitude: loc.lng[i],
    };
  });
  return { q, places: ranked, addresses, addresscount: houses.length };
}
