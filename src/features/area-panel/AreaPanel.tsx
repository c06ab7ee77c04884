// The side panel in Draw mode: saved areas, and for the selected one the planner's report
// (default) or the custom summary of chosen fields, as two tabs.
import { useFields } from '../../queries/use-fields';
import { useAppStore } from '../../state/store';
import { AreaList } from './AreaList';
import { AreaTabs } from './AreaTabs';
import { errorText } from './error-text';
import { FieldPicker } from './FieldPicker';
import { ReportView } from './ReportView';
import { ShareArea } from './ShareArea';
import { SummaryResults } from './SummaryResults';
import { useSelectedAreaSummary } from './use-selected-area-summary';
import { SplitProgress } from './SplitProgress';
import './area-panel.css';
import './report.css';

function Summary() {
  const vintage = useAppStore((s) => s.fabricVintage);
  const fieldsQuery = useFields(vintage);
  const { area, fields, nocat, summary } = useSelectedAreaSummary();

  if (!area) return <p className="area-panel__empty">Select an area above to summarize it.</p>;
  if (fieldsQuery.isPending)
    return (
      <p className="area-panel__status" role="status">
        Loading fields…
      </p>
    );
  if (fieldsQuery.isError) {
    return (
      <div className="area-panel__error" role="alert">
        <p>The field list did not load: {errorText(fieldsQuery.error)}</p>
        <button type="button" className="button" onClick={() => void fieldsQuery.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const defs = fieldsQuery.data;
  return (
    <>
      <FieldPicker defs={defs} />
      {fields.length === 0 ? (
        <p className="area-panel__empty">Tick at least one field to summarize {area.name}.</p>
      ) : summary.isFetching ? (
        <SplitProgress
          progress={summary.progress}
          inParts="summarizing it in parts"
          partsLabel="Parts summarized"
          whole={`Summarizing ${area.name}…`}
          onCancel={summary.cancel}
        />
      ) : summary.isError ? (
        <div className="area-panel__error" role="alert">
          <p>The summary failed: {errorText(summary.error)}</p>
          <button type="button" className="button" onClick={() => void summary.refetch()}>
            Retry
          </button>
        </div>
      ) : summary.data ? (
        <SummaryResults
          area={area}
          summary={summary.data}
          defs={defs}
          fields={fields}
          nocat={nocat}
        />
      ) : (
        <div className="area-panel__status">
          <p>The summary was cancelled.</p>
          <button type="button" className="button" onClick={() => void summary.refetch()}>
            Summarize again
          </button>
        </div>
      )}
    </>
  );
}

function Selected() {
  const area = useAppStore((s) => s.areas.find((a) => a.id === s.selectedAreaId) ?? null);
  const tab = useAppStore((s) => s.areaTab);
  // The tabs are there before any area is, so a planner can pick the view first.
  return (
    <>
      {area && <ShareArea area={area} />}
      <AreaTabs>
        {tab === 'custom' ? (
          <Summary />
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
