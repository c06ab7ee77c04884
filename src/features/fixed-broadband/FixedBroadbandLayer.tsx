// The "Fixed broadband" layer (on by default): every location in its status under the
// planner's filters from zoom 13, the share unserved or underserved by H3 hexagon further out,
// and its legend card with the counts in view and the releases shown. A hexagon's counts show
// under the pointer (or the keyboard's centre cross). Against an upstream service (no fixed
// tiles) the street-zoom locations are assembled per view from its published operations.
import type { Feature, GeoJSON } from 'geojson';
import { useShallow } from 'zustand/react/shallow';
import { CollapsibleLegend } from '../../components/CollapsibleLegend';
import { vintageLabel } from '../../lib/vintage';
import { OVERLAY_BEFORE_ID, SOURCE } from '../../map/ids';
import { useMapInstance } from '../../map/map-context';
import { useGeoJsonSource } from '../../map/use-geojson-source';
import { releaseToCheck } from '../../pipelines/fixed-view-chunk';
import { useFixedViewLocations, type FixedPoints } from '../../queries/use-fixed-view-locations';
import { useCapabilities } from '../../queries/use-capabilities';
import { useVintages } from '../../queries/use-vintages';
import { useAppStore } from '../../state/store';
import { FIXED_HEX_MIN_ZOOM, FIXED_POINT_MIN_ZOOM, fixedHexHoverLayers } from './fixed-styles';
import { filtersSummary, hexCountsText } from './fixed-words';
import { useProviderName } from '../../queries/use-provider-name';
import { HexLegend, StatusLegend } from './FixedLegend';
import { useFixedCounts } from './use-fixed-counts';
import { useFixedTileLayers } from './use-fixed-tile-layers';
import { useFixedViewLayers } from './use-fixed-view-layers';
import { useSettledView } from '../../map/use-settled-view';
import { VIEW_LOAD_MIN_ZOOM, ViewLoadLegend } from './ViewLoadLegend';
import { useHexHover, type HoveredHex } from './use-hex-hover';
import './fixed-broadband.css';
import { useCellOutline } from '../../map/use-cell-outline';

const EMPTY: GeoJSON = { type: 'FeatureCollection', features: [] };
const NO_POINTS: FixedPoints = { type: 'FeatureCollection', features: [] };

export function FixedBroadbandLayer() {
  const map = useMapInstance();
  const s = useAppStore(
    useShallow((st) => ({
      on: st.layers.fixedBroadband,
      filters: st.fixedFilters,
      comparing: st.compareWith !== null,
    })),
  );
  const { coverage: cv, fabric: fv, fabricQuery } = useVintages();
  const providerName = useProviderName(s.filters.provider);
  const caps = useCapabilities();
  // The location and hexagon tiles are this project's own operations (demo, import, workspace).
  const available = caps.views.fixedTiles;
  // Compare mode draws the net change by hexagon instead (features/compare).
  const comparing = available && s.comparing;
  useFixedTileLayers(map, {
    coverageVintage: cv,
    fabricVintage: fv,
    filters: s.filters,
    available,
    visible: s.on,
    hexVisible: !comparing,
  });
  // Without them (a service upstream): street-zoom locations from its published operations.
  const upstream = caps.known && !available;
  const view = useSettledView(map);
  const street = upstream && s.on && view !== null && view.zoom >= VIEW_LOAD_MIN_ZOOM;
  const vintages =
    street && cv && fv && fabricQuery.data
      ? { fabric: fv, coverage: cv, release: releaseToCheck(fv, cv, fabricQuery.data) }
      : null;
  const fromView = useFixedViewLocations(vintages, street ? view.bounds : null);
  const points = 'points' in fromView && street ? fromView.points : NO_POINTS;
  useFixedViewLayers(map, upstream && s.on ? points : null, s.filters);
  // Upstream, only street zoom draws anything to count.
  const counts = useFixedCounts(map, s.on && (available || street));
  const hovered = useHexHover(map, s.on && available && !comparing);
  const hoveredCell = useCellOutline(hovered?.h3 ?? null);
  const outline: GeoJSON = hoveredCell
    ? ({ type: 'Feature', properties: {}, geometry: hoveredCell } satisfies Feature)
    : EMPTY;
  useGeoJsonSource(SOURCE.fixedHexHover, outline, fixedHexHoverLayers, OVERLAY_BEFORE_ID);
  const zoom = view?.zoom ?? null;

  if (!s.on || !map) return null;
  const releases =
    cv && fv
      ? `Coverage as of ${vintageLabel(cv, 'long')}, fabric ${vintageLabel(fv, 'long')}`
      : 'Loading vintages…';
  let body;
  if (upstream) {
    body = (
      <ViewLoadLegend
        zoom={zoom}
        view={fromView}
        counts={counts.kind === 'locations' ? counts.counts : null}
        filters={s.filters}
        onStreetZoom={() => map.easeTo({ zoom: VIEW_LOAD_MIN_ZOOM, duration: 600 })}
      />
    );
  } else if (zoom !== null && zoom < FIXED_HEX_MIN_ZOOM) {
    body = (
      <p className="fb-legend__note" role="status">
        Zoom in to see fixed broadband by hexagon.
      </p>
    );
  } else if (zoom !== null && zoom >= FIXED_POINT_MIN_ZOOM) {
    body = (
      <StatusLegend
        counts={counts.kind === 'locations' ? counts.counts : null}
        filters={s.filters}
      />
    );
  } else if (comparing) {
    body = (
      <p className="fb-legend__note" role="status" data-testid="fixed:comparing">
        Hexagons show the net change between releases: see Compare releases.
      </p>
    );
  } else {
    body = <HexLegend counts={counts.kind === 'hexes' ? counts.counts : null} />;
  }
  return (
    <>
      <CollapsibleLegend
        id="fixed-broadband"
        title="Fixed broadband"
        className="fb-card"
        aside={
          <span data-testid="fixed:filters-summary">{filtersSummary(s.filters, providerName)}</span>
        }
      >
        {body}
        <p className="fb-legend__releases" data-testid="fixed:releases">
          {releases}
        </p>
      </CollapsibleLegend>
      {hovered && <HexTip hex={hovered} />}
    </>
  );
}

function HexTip({ hex }: { hex: HoveredHex }) {
  return (
    <div
      className="fb-hex-tip map-card"
      role="status"
      data-testid="fixed:hex-tip"
      data-h3={hex.h3}
      style={{ left: hex.x, top: hex.y }}
    >
      {hexCountsText(hex)}
      {hex.few && <span className="fb-hex-tip__few"> · few BSLs: read with care</span>}
    </div>
  );
}
