// Which fixed broadband hexagon the planner points at (mouse, or the keyboard's centre cross;
// src/map/use-hex-under-pointer.ts): its counts show in a tooltip and its outline is drawn.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { LAYER } from '../../map/ids';
import { useHexUnderPointer, type Pointed, type ReadHex } from '../../map/use-hex-under-pointer';

interface HexCounts {
  h3: string;
  locations: number;
  bsls: number;
  unserved: number;
  underserved: number;
  few: boolean;
}

export type HoveredHex = Pointed<HexCounts>;

const HEX_LAYERS = [LAYER.fixedHexFill, LAYER.fixedHexFew];

const readHex: ReadHex<HexCounts> = (p) =>
  typeof p.h3 !== 'string'
    ? null
    : {
        h3: p.h3,
        locations: Number(p.locations) || 0,
        bsls: Number(p.bsls) || 0,
        unserved: Number(p.unserved) || 0,
        underserved: Number(p.underserved) || 0,
        few: Number(p.few) === 1,
      };

export function useHexHover(map: MapLibreMap | null, active: boolean): HoveredHex | null {
  return useHexUnderPointer(map, active, HEX_LAYERS, readHex);
}
