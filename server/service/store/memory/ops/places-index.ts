// What places searches, for one fabric vintage: its towns, ZIP codes and streets, each with
// the bounding box and count of the vintage's locations in it. Built in one pass over the
// locations on the first places call for the vintage (about 10 ms per 100,000 locations); then
// a town's or ZIP code's count becomes the vintage's locations inside its outline, found as
// summarize finds an area's (the point index's box query, then the area rule's own test).
import { forEachPresentPoint, type FabricIndex } from '../fabric-index';
import { countyOfLocation } from '../../fabric-counties';
import {
  boundaryEntries,
  countCountyLocations,
  type CountyCounts,
} from '../../rules/place-boundaries';
import { roadParts } from '../../rules/match-text';
import {
  addOutlinePoint,
  countInsideOutline,
  placeOutline,
  type OutlinePoints,
  type PointsInBox,
} from '../../rules/place-outline';
import type {
  Extent,
  Outlined,
  PlacesIndex,
  StreetBase,
  TownEntry,
  ZipEntry,
} from '../../rules/place-entries';

export interface StreetEntry extends StreetBase {
  /** Location indexes on it in this vintage, by house number then unit. */
  locations: number[];
}

function extent(state: string): Extent {
  return { state, count: 0, bbox: [Infinity, Infinity, -Infinity, -Infinity], zips: new Set() };
}

function add(e: Extent, lng: number, lat: number, zip: string): void {
  e.count++;
  e.zips.add(zip);
  const b = e.bbox;
  if (lng < b[0]) b[0] = lng;
  if (lat < b[1]) b[1] = lat;
  if (lng > b[2]) b[2] = lng;
  if (lat > b[3]) b[3] = lat;
}

export function buildPlacesIndex(ix: FabricIndex, vi: number): PlacesIndex<StreetEntry> {
  const { locations: loc, towns, roads } = ix.fabric;
  const byTown = new Map<string, TownEntry>();
  const byZip = new Map<string, ZipEntry>();
  const byStreet = new Map<string, StreetEntry>();
  const points = new Map<Outlined, OutlinePoints>();
  const gather = (e: Outlined, i: number) => {
    let list = points.get(e);
    if (!list) points.set(e, (list = []));
    addOutlinePoint(list, loc.lng[i], loc.lat[i]);
  };
  const county = countyOfLocation(ix.fabric);
  const counties: CountyCounts = new Map();
  const bit = 1 << vi;
  for (let i = 0; i < loc.count; i++) {
    if (!(loc.presence[i] & bit)) continue;
    const { geoid, state } = county(i);
    countCountyLocations(counties, geoid, state);
    const t = towns[loc.town[i]];
    const key = t.name.toUpperCase();
    // A town of the same name in another state is another town.
    const townKey = `${state}|${key}`;
    let town = byTown.get(townKey);
    if (!town) byTown.set(townKey, (town = { ...extent(state), name: t.name, key, outline: null }));
    let zip = byZip.get(t.zip);
    if (!zip) {
      zip = { ...extent(state), zip: t.zip, town: t.name, outline: null };
      byZip.set(t.zip, zip);
    }
    const road = roads.name[loc.road[i]];
    const streetKey = `${road}|${townKey}`;
    let street = byStreet.get(streetKey);
    if (!street) {
      const parts = roadParts(road);
      street = { ...extent(state), name: road, parts, town: t.name, locations: [] };
      byStreet.set(streetKey, street);
    }
    add(town, loc.lng[i], loc.lat[i], t.zip);
    add(zip, loc.lng[i], loc.lat[i], t.zip);
    add(street, loc.lng[i], loc.lat[i], t.zip);
    street.locations.push(i);
    gather(town, i);
    gather(zip, i);
  }
  const pointsIn: PointsInBox = (bbox, visit) =>
    forEachPresentPoint(ix, vi, bbox, (_i, x, y) => visit(x, y));
  for (const [entry, list] of points) {
    entry.outline = placeOutline(list);
    if (entry.outline) entry.count = countInsideOutline(entry.outline, pointsIn);
  }
  for (const street of byStreet.values()) {
    street.locations.sort(
      (a, b) => loc.houseNumber[a] - loc.houseNumber[b] || loc.unit[a] - loc.unit[b],
    );
  }
  return {
    towns: [...byTown.values()],
    zips: [...byZip.values()],
    streets: [...byStreet.values()],
    boundaries: boundaryEntries(counties),
  };
}
