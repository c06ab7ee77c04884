// The Report tab: the selected area's report at the picked fabric and coverage vintages under
// the fixed broadband filters, with its progress when the area is split, its refusals (a
// service without the report offers the custom summary instead), and the finished report.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAreaReport } from '../../../queries/use-area-report';
import { useCapabilities } from '../../../queries/use-capabilities';
import { useVintages } from '../../../queries/use-vintages';
import type { SavedArea } from '../../../state/saved-area';
import { useAppStore } from '../../../state/store';
import { LocationList } from '../location-list/LocationList';
import { RunCancelled, RunFailed, SplitProgress } from '../SplitProgress';
import { AddToWorkspaceButton, AddToWorkspaceDialog } from '../workspace/AddToWorkspace';
import { canSync, workspaceHolds } from '../workspace/in-workspace';
import { ReportResults } from './ReportResults';

export function ReportView({ area }: { area: SavedArea }) {
  const sync = canSync(useCapabilities().data);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ReportBody area={area} onAdd={sync ? () => setAdding(true) : null} />
      {sync && <AddToWorkspaceDialog area={area} open={adding} onClose={() => setAdding(false)} />}
    </>
  );
}

function ReportBody({ area, onAdd }: { area: SavedArea; onAdd: (() => void) | null }) {
  const { fabric: vintage, coverage } = useVintages();
  const { filters, compareWith, setTab } = useAppStore(
    useShallow((s) => ({
      filters: s.fixedFilters,
      compareWith: s.compareWith,
      setTab: s.setAreaTab,
    })),
  );
  const caps = useCapabilities();
  // The report is this project's own operation: a backend without it is never asked, nor a
  // workspace for a county or state it does not hold (its counts would be nothing).
  const held = workspaceHolds(caps.data, area);
  const offered = caps.views.report && held !== false;
  const add = onAdd ? <AddToWorkspaceButton onClick={onAdd} /> : null;
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
            {held === false
              ? `${area.name} is not in the workspace (${caps.stamp}). Add it to the workspace for the report;`
              : `${caps.label} does not offer the area report (this project’s own operation). Add the area to a workspace for the report (here, or with npm run sync);`}{' '}
            the custom summary works with any service.
          </p>
          <div className="area-panel__actions">
            {add}
            <button type="button" className="button" onClick={() => setTab('custom')}>
              Open the custom summary
            </button>
          </div>
        </div>
        <LocationList area={area} />
      </>
    );
  if (report.isError) return <RunFailed what="The report failed" run={report} />;
  if (report.data)
    return (
      <>
        <ReportResults area={area} run={report.data} madeAt={report.dataUpdatedAt} />
        {add && held === null && (
          <div className="area-panel__status" data-testid="report:workspace-note">
            <p>Counted over the workspace’s counties only ({caps.stamp}).</p>
            {add}
          </div>
        )}
        <LocationList area={area} />
      </>
    );
  return <RunCancelled what="The report" again="Count again" run={report} />;
}
