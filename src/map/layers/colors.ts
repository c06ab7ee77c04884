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
  roadHighway: '#f4b860',
  roadLabel: '#4a5260',
  townLabel: '#2c3440',
  locationNeutral: '#7d8590',
  // Building types: hues apart from the fixed broadband statuses (blue, orange, dark red), so
  // with both layers on a dot's centre is never read as a status.
  locationResidential: '#1b9e77',
  locationBusiness: '#7570b3',
  locationMixed: '#a6761d',
  locationAnchor: '#1d1d1d',
  locationOther: '#b8bec6',
} as const;

/**
 * Label fonts: files the app ships (public/fonts), declared in the style's `font-faces`, so
 * labels look the same on every machine and need no glyph server. MapLibre rasterizes them in
 * the browser (TinySDF); `sans-serif` is the local fallback for characters they lack.
 */
export const LABEL_FONT = ['DejaVu Sans', 'sans-serif'];
export const LABEL_FONT_BOLD = ['DejaVu Sans Bold', 'sans-serif'];

export const FONT_FILES = {
  'DejaVu Sans': 'fonts/dejavu-sans/DejaVuSans.woff2',
  'DejaVu Sans Bold': 'fonts/dejavu-sans/DejaVuSans-Bold.woff2',
} as const;
