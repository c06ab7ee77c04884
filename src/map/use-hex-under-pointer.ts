// Which hexagon of some map layers the planner points at: the one under the mouse, or, while
// the map has keyboard focus, the one under the centre cross (where Enter acts). The fixed
// broadband hexagons and the compare mode's net-change hexagons both show it in a tooltip.
import { useEffect, useState } from 'react';
import type { MapGeoJSONFeature, Map as MapLibreMap, MapMouseEvent, PointLike } from 'maplibre-gl';

export type Pointed<T> = T & {
  /** Where to show the tooltip, in CSS pixels from the map's top left. */
  x: number;
  y: number;
  /** From the keyboard (centre) rather than the mouse. */
  focus: boolean;
};

/** A cell's own reading of a rendered feature's properties; null when it is not one. */
export type ReadHex<T extends { h3: string }> = (p: MapGeoJSONFeature['properties']) => T | null;

function hexAt<T extends { h3: string }>(
  map: MapLibreMap,
  layers: readonly string[],
  read: ReadHex<T>,
  point: { x: number; y: number },
  focus: boolean,
): Pointed<T> | null {
  const present = layers.filter((id) => map.getLayer(id));
  if (present.length === 0) return null;
  const at: PointLike = [point.x, point.y];
  const p = map.queryRenderedFeatures(at, { layers: present })[0]?.properties;
  const value = p ? read(p) : null;
  return value ? { ...value, x: point.x, y: point.y, focus } : null;
}

const same = <T extends { h3: string }>(a: Pointed<T> | null, b: Pointed<T> | null) =>
  a === b || (a !== null && b !== null && a.h3 === b.h3 && a.x === b.x && a.y === b.y);

/** `layers` and `read` are read when `active` turns on: keep them module constants. */
export function useHexUnderPointer<T extends { h3: string }>(
  map: MapLibreMap | null,
  active: boolean,
  layers: readonly string[],
  read: ReadHex<T>,
): Pointed<T> | null {
  const [hovered, setHovered] = useState<Pointed<T> | null>(null);
  useEffect(() => {
    if (!map || !active) return;
    const canvas = map.getCanvas();
    const show = (next: Pointed<T> | null) =>
      setHovered((prev) => (same(prev, next) ? prev : next));
    const onMove = (event: MapMouseEvent) => show(hexAt(map, layers, read, event.point, false));
    const onLeave = () => show(null);
    // The keyboard's pointer is the centre cross: follow it while the canvas has focus.
    const atCentre = () => {
      if (document.activeElement !== canvas || !canvas.matches(':focus-visible')) return;
      show(hexAt(map, layers, read, map.project(map.getCenter()), true));
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, active]);
  return active ? hovered : null;
}
