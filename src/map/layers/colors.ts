// Basemap palette: muted so the data layers (coverage, selections, areas) stand out on top.
export const MAP_COLORS = {
  background: '#dfe5ec',
  land: '#f6f5f1',
  countyLine: '#b3bcc8',
  stateLine: '#7b8596',
  countyLabel: '#5b6676',
  halo: '#ffffff',
  parcelLine: '#d8ccb4',
  footprintFill: '#e2ddd3',
  footprintLine: '#c4baa9',
  roadCasing: '#c9ced6',
  roadMinor: '#ffffff',
  roadMajor: '#fbe3a4',
  roadLabel: '#4a5260',
  locationResidential: '#3b6fd8',
  locationBusiness: '#d9731f',
  locationMixed: '#8a55c9',
  locationAnchor: '#1f9d74',
  locationOther: '#6b7380',
} as const;

/** With no glyph server, MapLibre draws these with the browser's local fonts (TinySDF). */
export const LABEL_FONT = ['sans-serif'];
