// Every MapLibre source and layer id in one place, so features never collide or guess.
// Feature map components add their own lines below the shell's block.

export const SOURCE = {
  // Census boundaries as vector tiles of the app server: layers in BOUNDARY_LAYER.
  boundaries: 'boundaries',
  fabric: 'fabric',
  // Location workflow: the click, the line to the found location, its marker.
  locationSelection: 'location-selection',
  // Mobile coverage: res-9 cells in view, and the selected hexagon.
  mobileCells: 'mobile-cells',
  hexSelection: 'hex-selection',
  // Area summaries: saved areas, and the summary's hexagon breakout.
  areas: 'areas',
  areaHexes: 'area-hexes',
  // Fixed broadband: locations (zoom 13+) and hexagons (zoom 5-12), and the hexagon under the
  // pointer. The two data sources may be vector tiles or GeoJSON: layers read properties only.
  fixedLocations: 'fixed-locations',
  fixedHexes: 'fixed-hexes',
  fixedHexHover: 'fixed-hex-hover',
  // Compare (README, "Compare releases"): each location of either release, classed by what changed.
  fixedChange: 'fixed-change',
  // Compare below street zoom: H3 cells by net change, and the cell under the pointer.
  fixedChangeHex: 'fixed-change-hex',
  fixedChangeHexHover: 'fixed-change-hex-hover',
} as const;

/** The source layers of the boundary tiles (server/app/boundary-tiles.ts). */
export const BOUNDARY_LAYER = {
  counties: 'counties',
  states: 'states',
  countyLabels: 'county_labels',
} as const;

export const LAYER = {
  background: 'background',
  countyFill: 'county-fill',
  countyLine: 'county-line',
  stateLine: 'state-line',
  parcelLine: 'fabric-parcel-line',
  footprintFill: 'fabric-footprint-fill',
  footprintLine: 'fabric-footprint-line',
  roadCasing: 'fabric-road-casing',
  roadMinor: 'fabric-road-minor',
  roadMajor: 'fabric-road-major',
  locationDot: 'fabric-location-dot',
  buildingTypeDot: 'fabric-building-type-dot',
  roadLabel: 'fabric-road-label',
  townLabel: 'fabric-town-label',
  countyLabel: 'county-label',
  // Empty layers that only mark a place in the stack, so layers added later land in order.
  groundSlot: 'slot-ground',
  roadsSlot: 'slot-roads',
  // Fixed broadband locations: above roads and the fabric's dots, below every overlay.
  fixedSlot: 'slot-fixed',
  // The building type dots: over the fixed broadband symbols, below every overlay.
  buildingTypeSlot: 'slot-building-type',
  overlaySlot: 'slot-overlay',
  labelsSlot: 'slot-labels',
  // Location workflow: the click, the line to the found location, its marker.
  locationLink: 'location-link',
  locationClick: 'location-click',
  locationMarker: 'location-marker',
  // Mobile coverage: cells by class, cells still loading, the selected hexagon.
  mobileFill: 'mobile-fill',
  mobileOutline: 'mobile-outline',
  mobileLoading: 'mobile-loading',
  hexSelected: 'hex-selected',
  // Area summaries: saved areas, and the summary's hexagon breakout.
  areaFill: 'area-fill',
  areaLine: 'area-line',
  areaHexFill: 'area-hex-fill',
  areaHexLine: 'area-hex-line',
  // Fixed broadband: one layer per status (its filter is the rule under the filters), drawn
  // least important first; hexagons by share, few-location ones dashed; the hovered outline.
  fixedNotInRelease: 'fixed-notinrelease',
  fixedNotBsl: 'fixed-notbsl',
  fixedServed: 'fixed-served',
  fixedUnderserved: 'fixed-underserved',
  fixedNoOffers: 'fixed-nooffers',
  fixedUnserved: 'fixed-unserved',
  fixedHexFill: 'fixed-hex-fill',
  fixedHexLine: 'fixed-hex-line',
  fixedHexFew: 'fixed-hex-few',
  fixedHexHover: 'fixed-hex-hover',
  fixedChange: 'fixed-change',
  fixedChangeHexFill: 'fixed-change-hex-fill',
  fixedChangeHexLine: 'fixed-change-hex-line',
  fixedChangeHexFew: 'fixed-change-hex-few',
  fixedChangeHexHover: 'fixed-change-hex-hover',
} as const;

/** Source layers inside the service's vector tiles. */
export const FABRIC_SOURCE_LAYER = {
  roads: 'roads',
  parcels: 'parcels',
  footprints: 'footprints',
  locations: 'locations',
  // Town points (name) for place labels.
  towns: 'towns',
} as const;

/** Source layers of the service's fixed broadband tiles (docs/SERVICE.md). */
export const FIXED_SOURCE_LAYER = {
  locations: 'fixed',
  hexes: 'fixed_hex',
  change: 'fixed_change',
  changeHexes: 'fixed_change_hex',
} as const;

/**
 * Feature layers draw below this layer: above the fabric, below all labels.
 * Pass it as `beforeId` to useGeoJsonSource (ignored when an online style lacks it).
 */
export const OVERLAY_BEFORE_ID = LAYER.overlaySlot;
