// Which fixed broadband hexagon the planner points at: the one under the mouse, or, while the
// map has keyboard focus, the one under the centre cross (where Enter acts). Its counts show in
// a tooltip and its outline is drawn (hex-tooltip.ts words them).
import { useEffect, useState } from 'react';
import type { Map as MapLibreMap, MapMouseEvent, PointLike } from 'maplibre-gl';
import { LAYER } from '../../map/ids';

export interface HoveredHex {
  h3: string;
  locations: number;
  bsls: number;
  unserved: number;
  underserved: number;
  few: boolean;
  /** Where to show the tooltip, in CSS pixels from the map's top left. */
  x: number;
  y: number;
  /** From the keyboard (centre) rather than the mouse. */
  focus: boolean;
}

const HEX_LAYERS = [LAYER.fixedHexFill, LAYER.fixedHexFew];

function hexAt(
  map: MapLibreMap,
  point: { x: number; y: number },
  focus: boolean,
): HoveredHex | null {
  const layers = HEX_LAYERS.filter((id) => map.getLayer(id));
  if (layers.length === 0) return null;
  const at: PointLike = [point.x, point.y];
  const p = map.queryRenderedFeatures(at, { layers })[0]?.properties;
  if (!p || typeof p.h3 !== 'string') return null;
  return {
    h3: p.h3,
    locations: Number(p.locations) || 0,
    bsls: Number(p.bsls) || 0,
    unserved: Number(p.unserved) || 0,
    underserved: Number(p.underserved) || 0,
    few: Number(p.few) === 1,
    x: point.x,
    y: point.y,
    focus,
  };
}

const same = (a: HoveredHex | null, b: HoveredHex | null) =>
  a === b || (a !== null && b !== null && a.h3 === b.h3 && a.x === b.x && a.y === b.y);

export function useHexHover(map: MapLibreMap | null, active: boolean): HoveredHex | null {
  const [hovered, setHovered] = useState<HoveredHex | null>(null);
  useEffect(() => {
    if (!map || !active) return;
    const canvas = map.getCanvas();
    const show = (next: HoveredHex | null) =>
      setHovered((prev) => (same(prev, next) ? prev : next));
    const onMove = (event: MapMouseEvent) => show(hexAt(map, event.point, false));
    const onLeave = () => show(null);
    // The keyboard's pointer is the centre cross: follow it while the canvas has focus.
    const atCentre = () => {
      if (document.activeElement !== canvas || !canvas.matches(':focus-visible')) return;
      show(hexAt(map, map.project(map.getCenter()), true));
    };
    const onBlur = () => setHovered((prev) => (prev?.focus ? null : prev));
    map.on('mousemove', onMove);
    map.on('mouseout', onLeave);
    map.on('moveend', atCentre);
    map.on('idle', atCentre);
    canvas.addEventListener('focus', atCentre);
    canvas.addEventListener('blur', onBlur);
    return () => {
      map.off('mousemove', onMove);
      map.off('mouseout', onLeave);
      map.off('moveend', atCentre);
      map.off('idle', atCentre);
      canvas.removeEventListener('focus', atCentre);
      canvas.removeEventListener('blur', onBlur);
      setHovered(null);
    };
  }, [map, active]);
  return active ? hovered : null;
}
