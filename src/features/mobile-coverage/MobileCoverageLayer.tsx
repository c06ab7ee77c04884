// The mobile coverage layer: res-9 cells over the settled viewport (zoom 13 and closer),
// fetched in shared bulk blocks, coloured by the best service under the filters, with a
// legend card. The selected hexagon's outline is drawn here too (the panel lives outside the map).
import { useMemo } from 'react';
import type { GeoJSON } from 'geojson';
import { useShallow } from 'zustand/react/shallow';
import { useMapInstance } from '../../map/map-context';
import { useGeoJsonSource } from '../../map/use-geojson-source';
import { OVERLAY_BEFORE_ID, SOURCE } from '../../map/ids';
import { HEX_CLICK_MIN_ZOOM } from '../../map/route-click';
import { cellsInBounds } from '../../lib/geo/h3';
import { carriersOf } from './mobile-labels';
import { useMobileCoverageCells } from '../../queries/use-mobile-coverage-cells';
import { useAppStore } from '../../state/store';
import { buildHexView } from './hex-features';
import { hexSelectionLayers, mobileCellLayers } from './hex-styles';
import { MobileCoverageCard } from './MobileCoverageCard';
import { useHexSelection } from './use-hex-selection';
import { useSettledView } from '../../map/use-settled-view';
import { usePacedFeatures } from './use-paced-features';
import './mobile-coverage.css';

/** Cells are readable (and worth fetching) from the zoom where a click selects one. */
export const MOBILE_MIN_ZOOM = HEX_CLICK_MIN_ZOOM;

const NO_CELLS: readonly string[] = [];
const EMPTY: GeoJSON = { type: 'FeatureCollection', features: [] };

export function MobileCoverageLayer() {
  const map = useMapInstance();
  const s = useAppStore(
    useShallow((st) => ({
      on: st.layers.mobileCoverage,
      vintage: st.coverageVintage,
      filter: st.mobileFilter,
      setFilter: st.setMobileFilter,
    })),
  );
  const viewport = useSettledView(map);
  const zoomedIn = viewport !== null && viewport.zoom >= MOBILE_MIN_ZOOM;
  const bounds = s.on && zoomedIn ? viewport.bounds : null;
  const cells = useMemo(() => (bounds ? cellsInBounds(bounds) : NO_CELLS), [bounds]);

  const loaded = useMobileCoverageCells(s.vintage, cells);
  const view = useMemo(
    () => buildHexView(cells, loaded.byCell, s.filter),
    [cells, loaded.byCell, s.filter],
  );
  const carriers = useMemo(() => carriersOf([...loaded.byCell.values()].flat()), [loaded.byCell]);

  const paced = usePacedFeatures(view, EMPTY);
  // Added first, so the selected outline (added next) draws above the cells.
  useGeoJsonSource(
    SOURCE.mobileCells,
    cells.length ? paced : EMPTY,
    mobileCellLayers,
    OVERLAY_BEFORE_ID,
  );
  const selected = useHexSelection(map);
  useGeoJsonSource(SOURCE.hexSelection, selected, hexSelectionLayers, OVERLAY_BEFORE_ID);

  if (!s.on || !map) return null;
  return (
    <MobileCoverageCard
      zoomedIn={zoomedIn}
      onZoomIn={() => map.easeTo({ zoom: MOBILE_MIN_ZOOM, duration: 600 })}
      vintage={s.vintage}
      cellsInView={cells.length}
      view={view}
      blocksTotal={loaded.blocksTotal}
      blocksLoaded={loaded.blocksLoaded}
      error={loaded.error}
      onRetry={loaded.retry}
      filter={s.filter}
      carriers={carriers}
      onFilterChange={s.setFilter}
    />
  );
}
