// The frame: top bar, the map with the feature layers inside it, and the side panel, plus the
// workflows that connect them (use-workflows.ts).
import { AreaHexLayer } from '../features/area-panel/custom-summary/AreaHexLayer';
import { AreaStorageNoticeEntry } from '../features/area-panel/areas/AreaStorageNoticeEntry';
import { CompareEntry } from '../features/compare/CompareEntry';
import { BuildingTypeLegend } from '../features/building-type/BuildingTypeLegend';
import { DrawLayer } from '../features/draw/DrawLayer';
import { FixedBroadbandLayer } from '../features/fixed-broadband/FixedBroadbandLayer';
import { LocationMapLayer } from '../features/location-panel/LocationMapLayer';
import { MapView } from '../map/MapView';
import { lazyPart } from '../components/lazy-part';
import { useAppStore } from '../state/store';
import { PanelErrorBoundary } from './PanelErrorBoundary';
import { SidePanel } from './SidePanel';
import { TopBar } from './TopBar';
import { useWorkflows } from './use-workflows';
import './app.css';

// Fetched when the layer is first turned on or a hexagon selected (h3-js with it).
const MobileCoverageLayer = lazyPart(
  'the mobile coverage layer',
  async () => (await import('../features/mobile-coverage/MobileCoverageLayer')).MobileCoverageLayer,
  { compact: true },
);

function MobileCoverage() {
  // A selected hexagon (a link's `hex=`) is outlined by the layer even while it is off.
  const on = useAppStore((s) => s.layers.mobileCoverage || s.selection.kind === 'hex');
  return on ? <MobileCoverageLayer /> : null;
}

/** Its own component, so what the workflows watch re-renders nothing else. */
function Workflows() {
  useWorkflows();
  return null;
}

export function App() {
  return (
    <div className="app">
      <TopBar />
      {/* Always present (empty when there is nothing to say), so the grid rows stay fixed. */}
      <div className="app__notices">
        <AreaStorageNoticeEntry />
      </div>
      <main className="app__main">
        <div className="app__map">
          <PanelErrorBoundary name="Map">
            <MapView>
              <PanelErrorBoundary name="Fixed broadband layer" compact>
                <FixedBroadbandLayer />
              </PanelErrorBoundary>
              <PanelErrorBoundary name="Compare releases" compact>
                <CompareEntry />
              </PanelErrorBoundary>
              <PanelErrorBoundary name="Building type legend" compact>
                <BuildingTypeLegend />
              </PanelErrorBoundary>
              <PanelErrorBoundary name="Mobile coverage layer" compact>
                <MobileCoverage />
              </PanelErrorBoundary>
              <PanelErrorBoundary name="Location layer" compact>
                <LocationMapLayer />
              </PanelErrorBoundary>
              {/* Before the draw layer: both mount on entering Draw mode, so the hexagons are
                  added before terra-draw's layers (which go on top), and a drawing stays above. */}
              <PanelErrorBoundary name="Area hexagon layer" compact>
                <AreaHexLayer />
              </PanelErrorBoundary>
              <PanelErrorBoundary name="Draw layer" compact>
                <DrawLayer />
              </PanelErrorBoundary>
            </MapView>
          </PanelErrorBoundary>
        </div>
        <SidePanel />
      </main>
      {/* Last, so its effects run after the widgets' own, as App's effects did. */}
      <Workflows />
    </div>
  );
}
