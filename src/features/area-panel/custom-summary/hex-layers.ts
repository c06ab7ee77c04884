// The summary's hexagon breakout: colour by the chosen measure (light to dark blue-green),
// opacity by location count, so sparse cells stay faint whatever their value.
import type { LayerSpecification } from 'maplibre-gl';
import { LAYER, SOURCE } from '../../../map/ids';

export const hexLayers: LayerSpecification[] = [
  {
    id: LAYER.areaHexFill,
    type: 'fill',
    source: SOURCE.areaHexes,
    paint: {
      'fill-color': [
        'interpolate',
        ['linear'],
        ['get', 'shade'],
        0,
        '#d7f0e4',
        0.5,
        '#41a08a',
        1,
        '#0b3f5c',
      ],
      'fill-opacity': ['get', 'opacity'],
    },
  },
  {
    id: LAYER.areaHexLine,
    type: 'line',
    source: SOURCE.areaHexes,
    paint: { 'line-color': '#0b3f5c', 'line-width': 0.6, 'line-opacity': 0.5 },
  },
];
