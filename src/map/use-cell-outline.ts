// The outline of the hexagon under the pointer (fixed broadband, compare). h3-js is fetched on the first hover instead of with the first
// view (it is a large module); until it has come, and if it cannot, no outline is drawn.
import { useEffect, useState } from 'react';
import type { Polygon } from 'geojson';

export function useCellOutline(cell: string | null): Polygon | null {
  const [outline, setOutline] = useState<{ cell: string; polygon: Polygon } | null>(null);
  useEffect(() => {
    if (!cell) return;
    let live = true;
    import('../lib/geo/h3')
      .then((h3) => {
        if (live) setOutline({ cell, polygon: h3.cellPolygon(cell) });
      })
      .catch((err: unknown) => console.warn('hexagon outline unavailable', err));
    return () => {
      live = false;
    };
  }, [cell]);
  return cell && outline?.cell === cell ? outline.polygon : null;
}
