// The map layers the browser tests read features from, by their MapLibre ids. Written out
// rather than imported, so the tests run no app code; the type check holds each id to the
// app's list (src/map/ids.ts), so a renamed layer fails `tsc`, not a 15 s wait for features.
import type { LAYER } from '../../src/map/ids';

export const MAP_LAYER = {
  countyFill: 'county-fill',
  roadMinor: 'fabric-road-minor',
  roadLabel: 'fabric-road-label',
  footprintFill: 'fabric-footprint-fill',
  locationDot: 'fabric-location-dot',
  mobileFill: 'mobile-fill',
  hexSelected: 'hex-selected',
  areaHexFill: 'area-hex-fill',
  fixedServed: 'fixed-served',
  fixedUnderserved: 'fixed-underserved',
  fixedUnserved: 'fixed-unserved',
  fixedNoOffers: 'fixed-nooffers',
  fixedNotInRelease: 'fixed-notinrelease',
  fixedNotBsl: 'fixed-notbsl',
  fixedHexFill: 'fixed-hex-fill',
  fixedHexFew: 'fixed-hex-few',
} as const satisfies Partial<typeof LAYER>;

/** The layers whose dots are locations: a click on one locates it, over hexagons too. */
export const LOCATION_DOT_LAYERS = [
  MAP_LAYER.locationDot,
  MAP_LAYER.fixedServed,
  MAP_LAYER.fixedUnderserved,
  MAP_LAYER.fixedUnserved,
  MAP_LAYER.fixedNoOffers,
  MAP_LAYER.fixedNotInRelease,
  MAP_LAYER.fixedNotBsl,
] as const;
