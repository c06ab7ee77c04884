// The Report tab: the selected area's report at the picked fabric and coverage vintages under
// the fixed broadband filters, with its progress when the area is split, its refusals (a
// service without the report offers the custom summary instead), and the finished report.
import { useShallow } from 'zustand/react/shallow';
import { useAreaReport } from '../../../queries/use-area-report';
import { useCapabilities } from '../../../queries/use-capabilities';
import { useVintages } from '../../../queries/use-vintages';
import type { SavedArea } from '../../../state/saved-area';
import { useAppStore } from '../../../state/store';
import { LocationList } from '../location-list/LocationList';
import { RunCancelled, RunFailed, SplitProgress } from '../SplitProgress';
import { ReportResults } from './ReportResults';

export function ReportView({ area }: { area: SavedArea }) {
  const { fabric: vintage, coverage } = useVintages();
  const { filters, compareWith, setTab } = useAppStore(
    useShallow((s) => ({
      filters: s.fixedFilters,
      compareWith: s.compareWith,
      setTab: s.setAreaTab,
    })),
  );
  const caps = useCapabilities();
  // The report is this project's own operation: a backend without it is never asked.
  const offered = caps.views.report;
  const report = useAreaReport(
    { vintage, coverage, filters, compareWith },
    offered ? area.geometry : null,
  );

  if (!vintage || !coverage || !caps.known)
    return (
      <p className="area-panel__status" role="status">
        Loading the vintages…
      </p>
    );
  if (report.isFetching)
    return (
      <SplitProgress
        progress={report.progress}
        inParts="counting it in parts"
        partsLabel="Parts counted"
        whole={`Counting the locations of ${area.name}…`}
        onCancel={report.cancel}
      />
    );
  if (!offered)
    return (
      <>
        <div className="area-panel__status" role="status" data-testid="report:unsupported">
          <p>
            {caps.label} does not offer the area report (this project’s own operation). Add the area
            to a workspace (npm run sync) for the report; the custom summary works with any service.
          </p>
          <button type="button" className="button" onClick={() => setTab('custom')}>
            Open the custom summary
          </button>
        </div>
        <LocationList area={area} />
      </>
    );
  if (report.isError) return <RunFailed what="The report failed" run={report} />;
  if (report.data)
    return (
      <>
        <ReportResults area={area} run={report.data} madeAt={report.dataUpdatedAt} />
        <LocationList area={area} />
      </>
    );
  return <RunCancelled what="The report" again="Count again" run={report} />;
}
