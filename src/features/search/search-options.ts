// What the search box offers, and what choosing each does: a location (match suggestions, a
// pasted id, an address on a street), a point to locate (coordinates), or an area to fly to
// (a town, ZIP code, street, county or state). Pure, so the wording and ordering are tested
// without a browser.
import type { Polygon } from 'geojson';
import type { MatchLocation, TranslateRecord } from '../../api/schemas';
import type { Place, PlacesResponse } from '../../api/places';
import type { PastedId } from './pasted-id';

export type SearchTarget =
  | { kind: 'location'; locationId: number; lng: number | null; lat: number | null }
  | { kind: 'point'; lng: number; lat: number }
  /** A fixed broadband provider: choosing it sets the provider filter (provider-options.ts). */
  | { kind: 'provider'; providerId: number; brand: string }
  /**
   * `street`: once flown to, the box searches the street's name and town for its addresses.
   * `offer`: what the planner may keep as an area: a town's or ZIP code's extent, or a
   * county or state by its GEOID (its Census boundary).
   */
  | {
      kind: 'area';
      bbox: [number, number, number, number];
      maxZoom: number;
      street: boolean;
      offer: AreaOffer | null;
    };

export type AreaOffer =
  | { kind: 'outline'; name: string; geometry: Polygon }
  | { kind: 'county' | 'state'; name: string; geoid: string };

export interface SearchOption {
  key: string;
  target: SearchTarget;
  primary: string;
  secondary: string;
  /** At the right: "97% match" for an address match, "Town", "ZIP code", "County", …. */
  badge: string | null;
  /** What the box shows once the option is chosen. */
  label: string;
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function matchOptions(locations: readonly MatchLocation[]): SearchOption[] {
  return [...locations]
    .sort((a, b) => a.matchrank - b.matchrank)
    .map((m) => {
      const secondary = `${m.city}, ${m.state} ${m.zip}`.trim();
      return {
        key: `m-${m.location_id}`,
        target: { kind: 'location', locationId: m.location_id, lng: m.longitude, lat: m.latitude },
        primary: m.address,
        secondary,
        badge: similarityLabel(m.similarity),
        label: `${m.address}, ${secondary}`,
      };
    });
}

export function idOptions(pasted: PastedId, records: readonly TranslateRecord[]): SearchOption[] {
  return records.slice(0, 1).map((r) => ({
    key: `id-${r.location_id}`,
    target: { kind: 'location', locationId: r.location_id, lng: null, lat: null },
    primary: `Location ${r.location_id}`,
    secondary: pasted.kind === 'uuid' ? `UUID ${r.uuid}` : 'By location ID',
    badge: null,
    label: `Location ${r.location_id}`,
  }));
}

export function pointOption(lat: number, lng: number, lngFirst: boolean): SearchOption {
  const at = `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
  return {
    key: `p-${at}`,
    target: { kind: 'point', lng, lat },
    primary: at,
    secondary: lngFirst
      ? 'Read as longitude, latitude. Go there and find the location'
      : 'Latitude, longitude. Go there and find the location',
    badge: 'Position',
    label: at,
  };
}

const PLACE_BADGE = {
  town: 'Town',
  zip: 'ZIP code',
  street: 'Street',
  county: 'County',
  state: 'State',
} as const;
/** How close a flight to each kind comes: a town whole, a street readable. */
const PLACE_MAX_ZOOM = { town: 14, zip: 14, street: 17, county: 12, state: 12 } as const;

/** A county or state: the whole of it, named by its GEOID, with the locations it holds. */
function boundaryOption(p: Place & { kind: 'county' | 'state' }, geoid: string): SearchOption {
  const label = p.kind === 'county' ? `${p.name}, ${p.state}` : p.name;
  return {
    key: `pl-${p.kind}-${geoid}`,
    target: {
      kind: 'area',
      bbox: p.bbox,
      maxZoom: PLACE_MAX_ZOOM[p.kind],
      street: false,
      offer: { kind: p.kind, name: p.name, geoid },
    },
    primary: p.name,
    secondary: [p.kind === 'county' ? p.state : null, count(p.locationcount, 'location')]
      .filter(Boolean)
      .join(' · '),
    badge: PLACE_BADGE[p.kind],
    label,
  };
}

function placeOption(p: Place): SearchOption {
  if (p.kind === 'county' || p.kind === 'state') {
    if (p.geoid) return boundaryOption({ ...p, kind: p.kind }, p.geoid);
  }
  const where = p.kind === 'town' ? p.state : `${p.city ?? ''}, ${p.state}`;
  const zips =
    p.kind === 'town' && p.zips.length > 1 ? count(p.zips.length, 'ZIP code') : p.zips.join(', ');
  return {
    key: `pl-${p.kind}-${p.name}-${p.city ?? ''}`,
    target: {
      kind: 'area',
      bbox: p.bbox,
      maxZoom: PLACE_MAX_ZOOM[p.kind],
      street: p.kind === 'street',
      offer:
        p.outline && p.kind !== 'street'
          ? {
              kind: 'outline',
              name: p.kind === 'zip' ? `ZIP ${p.name}` : `${p.name}, ${p.state}`,
              geometry: p.outline,
            }
          : null,
    },
    primary: p.name,
    secondary: [where, p.kind === 'zip' ? null : zips, count(p.locationcount, 'location')]
      .filter(Boolean)
      .join(' · '),
    badge: PLACE_BADGE[p.kind],
    label: p.kind === 'town' ? `${p.name}, ${p.state}` : `${p.name}, ${where}`,
  };
}

/** A street's addresses first (what a planner typing a street wants), then the places. */
export function placesOptions(answer: PlacesResponse): SearchOption[] {
  const addresses = answer.addresses.map((a): SearchOption => {
    const secondary = `${a.city}, ${a.state} ${a.zip}`;
    return {
      key: `a-${a.location_id}`,
      target: { kind: 'location', locationId: a.location_id, lng: a.longitude, lat: a.latitude },
      primary: a.address,
      secondary,
      badge: null,
      label: `${a.address}, ${secondary}`,
    };
  });
  return [...addresses, ...answer.places.map(placeOption)];
}

/**
 * Under the list: how many addresses a street holds beyond those shown, or, when several
 * streets answer as well (so none lists its addresses), that picking one lists them.
 */
export function placesNote(answer: PlacesResponse): string | null {
  const street = answer.places.find((p) => p.kind === 'street');
  if (!street) return null;
  if (answer.addresses.length === 0) return 'Pick a street to list its addresses.';
  if (answer.addresscount <= answer.addresses.length) return null;
  return `${answer.addresses.length} of ${answer.addresscount.toLocaleString('en-US')} addresses on ${street.name}: add the house number to find one.`;
}

/** "97% match": similarity as a planner reads it, never rounded up to a false 100%. */
export function similarityLabel(similarity: number): string {
  const percent = Math.floor(Math.max(0, Math.min(1, similarity)) * 100);
  return `${percent}% match`;
}

export function noMatchText(text: string): string {
  return `No fabric location matches “${text.trim()}”. The search only finds locations in the fabric: check the house number and street, or click the map.`;
}

export function noIdText(pasted: PastedId, vintageLabel: string): string {
  const what = pasted.kind === 'uuid' ? 'UUID' : 'location ID';
  return `No location with this ${what} in the ${vintageLabel} fabric. A UUID belongs to one vintage: try another fabric vintage.`;
}

export function noPlaceText(text: string, vintageLabel: string): string {
  return `No town, ZIP code, street, county or state called “${text.trim()}” in the ${vintageLabel} fabric. For an address, start with the house number (match needs one), or click the map.`;
}

export function noZipText(zip: string, vintageLabel: string): string {
  return `No locations with ZIP code ${zip} in the ${vintageLabel} fabric. Check the ZIP code, or type a town or an address.`;
}

export function numberText(digits: string): string {
  return `“${digits}” is neither a ZIP code (5 digits) nor a location ID (10 digits). For an address, add the street after the house number.`;
}

/** Against a service without places (a real one): what works instead. */
export function placesUnsupportedText(kind: 'zip' | 'name'): string {
  return kind === 'zip'
    ? 'ZIP code search needs the reference service (this service has no places operation). Type an address with its house number, or click the map.'
    : 'Town, street and county search needs the reference service (this service has no places operation), and match needs a house number: add the house number, or click the map.';
}

export function badCoordinatesText(message: string): string {
  return `${message} Type latitude, longitude, for example 39.7825, -89.6319.`;
}
