// The Custom summary tab: the fields to summarize the selected area by, and its summary
// (progress while it is asked in parts, its failure with Retry, or the results).
import { useFields } from '../../../queries/use-fields';
import { useAppStore } from '../../../state/store';
import { RunCancelled, RunFailed, SplitProgress } from '../SplitProgress';
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
  if (fieldsQuery.isError)
    return <RunFailed what="The field list did not load" run={fieldsQuery} />;
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
        <RunFailed what="The summary failed" run={summary} />
      ) : summary.data ? (
        <SummaryResults
          area={area}
          summary={summary.data}
          defs={defs}
          fields={fields}
          nocat={nocat}
        />
      ) : (
        <RunCancelled what="The summary" again="Summarize again" run={summary} />
      )}
    </>
  );
}
