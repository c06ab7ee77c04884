// The side panel in Draw mode: saved areas, and for the selected one the planner's report
// (default) or the custom summary of chosen fields, as two tabs. Each workflow has its folder:
// areas/ (the list, sharing, the storage notice), report/ (with location-list/, which the
// report shows), custom-summary/ (with its hexagons on the map).
import { useAppStore } from '../../state/store';
import { AreaList } from './areas/AreaList';
import { ShareArea } from './areas/ShareArea';
import { AreaTabs } from './AreaTabs';
import { CustomSummary } from './custom-summary/CustomSummary';
import { ReportView } from './report/ReportView';
import './area-panel.css';
import './report.css';

function Selected() {
  const area = useAppStore((s) => s.areas.find((a) => a.id === s.selectedAreaId) ?? null);
  const tab = useAppStore((s) => s.areaTab);
  // The tabs are there before any area is, so a planner can pick the view first.
  return (
    <>
      {area && <ShareArea area={area} />}
      <AreaTabs>
        {tab === 'custom' ? (
          <CustomSummary />
        ) : area ? (
          <ReportView area={area} />
        ) : (
          <p className="area-panel__empty">Select an area above to see its report.</p>
        )}
      </AreaTabs>
    </>
  );
}

export function AreaPanel() {
  return (
    <section className="area-panel" aria-label="Area summary">
      <h3 className="area-panel__heading">Areas</h3>
      <AreaList />
      <Selected />
    </section>
  );
}
