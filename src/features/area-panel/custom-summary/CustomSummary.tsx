// The Custom summary tab: the fields to summarize the selected area by, and its summary
// (progress while it is asked in parts, its failure with Retry, or the results).
import { useFields } from '../../../queries/use-fields';
import { useAppStore } from '../../../state/store';
import { errorText } from '../error-text';
import { SplitProgress } from '../SplitProgress';
import { FieldPicker } from './FieldPicker';
import { SummaryResults } from './SummaryResults';
import { useSelectedAreaSummary } from './use-selected-area-summary';

export function CustomSummary() {
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
