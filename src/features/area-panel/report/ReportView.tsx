// The Report tab: the selected area's report at the picked fabric and coverage vintages under
// the fixed broadband filters, with its progress when the area is split, its refusals (a
// service without the report offers the custom summary instead), and the finished report.
import { useShallow } from 'zustand/react/shallow';
import { reportUnsupported } from '../../../api/report';
import { useAreaReport } from '../../../queries/use-area-report';
import type { SavedArea } from '../../../state/slices/areas';
import { useAppStore } from '../../../state/store';
import { errorText } from '../error-text';
import { LocationList } from '../location-list/LocationList';
import { ReportResults } from './ReportResults';
import { SplitProgress } from '../SplitProgress';

export function ReportView({ area }: { area: SavedArea }) {
  const { vintage, coverage, filters, compareWith, setTab } = useAppStore(
    useShallow((s) => ({
      vintage: s.fabricVintage,
      coverage: s.coverageVintage,
      filters: s.fixedFilters,
      compareWith: s.compareWith,
      setTab: s.setAreaTab,
    })),
  );
  const report = useAreaReport({ vintage, coverage, filters, compareWith }, area.geometry);

  if (!vintage || !coverage)
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
  if (report.isError && reportUnsupported(report.error))
    return (
      <>
        <div className="area-panel__status" role="status" data-testid="report:unsupported">
          <p>
            This service does not offer the area report (an operation of the reference service). The
            custom summary works with any service.
          </p>
          <button type="button" className="button" onClick={() => setTab('custom')}>
            Open the custom summary
          </button>
        </div>
        <LocationList area={area} />
      </>
    );
  if (report.isError)
    return (
      <div className="area-panel__error" role="alert">
        <p>The report failed: {errorText(report.error)}</p>
        <button type="button" className="button" onClick={() => void report.refetch()}>
          Retry
        </button>
      </div>
    );
  if (report.data)
    return (
      <>
        <ReportResults area={area} run={report.data} madeAt={report.dataUpdatedAt} />
        <LocationList area={area} />
      </>
    );
  return (
    <div className="area-panel__status">
      <p>The report was cancelled.</p>
      <button type="button" className="button" onClick={() => void report.refetch()}>
        Count again
      </button>
    </div>
  );
}
