// The shapes places ranks (places-rank.ts), whichever store builds them: towns, ZIP codes and
// streets of one fabric vintage, each with the bounding box and count of its locations.
import type { PlaceOutline } from '../../../contract/schemas/places';
import type { RoadParts } from './match-text';

/** [west, south, east, north] in degrees. */
export type Bbox = [number, number, number, number];

export interface Extent {
  /** The state (USPS code) of its first location: the one a place is answered with. */
  state: string;
  count: number;
  bbox: Bbox;
  zips: Set<string>;
}

/** A town or ZIP code, which can be used as an area: its outline (place-outline.ts). */
export interface Outlined extends Extent {
  outline: PlaceOutline | null;
}

export interface TownEntry extends Outlined {
  /** As the fabric spells it ("Springfield"); `key` is its upper case. */
  name: string;
  key: string;
}

export interface ZipEntry extends Outlined {
  zip: string;
  town: string;
}

/** A street as places ranks it; each store keeps its own way to list the addresses on it. */
export interface StreetBase extends Extent {
  /** The fabric's road name ("S 14TH ST") and its parts, and the town it runs through. */
  name: string;
  parts: RoadParts;
  town: string;
}

/** A county or state the release holds locations in (place-boundaries.ts builds them). */
export interface BoundaryEntry {
  kind: 'county' | 'state';
  /** 5 digits for a county, 2 for a state. */
  geoid: string;
  /** "Sangamon County", "Illinois"; `key` is the name searched ("SANGAMON", "ILLINOIS"). */
  name: string;
  key: string;
  /** The state's USPS code ("IL"), from the release's locations. */
  state: string;
  count: number;
  bbox: Bbox;
}

/** Entries in the order of their first location (location_id order), as places meets ties. */
export interface PlacesIndex<S extends StreetBase> {
  towns: TownEntry[];
  zips: ZipEntry[];
  streets: S[];
  boundaries: BoundaryEntry[];
}
