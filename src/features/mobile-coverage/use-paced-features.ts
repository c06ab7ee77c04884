// Paces map updates while a viewport loads. Every setData makes MapLibre's worker re-tile all
// cells, so pushing each block's answer as it lands (dozens for a wide view) keeps the worker
// busy with states nobody sees. While loading, push at most every PACE_MS; the complete state
// goes out at once.
import { useEffect, useRef, useState } from 'react';
import type { GeoJSON } from 'geojson';
import type { HexView } from './hex-features';

const PACE_MS = 400;

export function usePacedFeatures(view: HexView, empty: GeoJSON): GeoJSON {
  const [paced, setPaced] = useState<GeoJSON>(empty);
  const latest = useRef(view);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    latest.current = view;
    if (view.loading === 0 || timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setPaced(latest.current.features);
    }, PACE_MS);
  }, [view]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return view.loading === 0 ? view.features : paced;
}
