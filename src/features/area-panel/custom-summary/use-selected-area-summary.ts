// The selected area's summary with the panel's fields; the panel and the hexagon layer share
// it (same query key, so one request serves both). Asked only while the Custom summary tab is
// open, at the picked coverage vintage and under the planner's filters, as the report counts.
import { useMemo } from 'react';
import { useAreaSummary } from '../../../queries/use-area-summary';
import { useAppStore } from '../../../state/store';

export function useSelectedAreaSummary() {
  const vintage = useAppStore((s) => s.fabricVintage);
  const coverage = useAppStore((s) => s.coverageVintage);
  const filters = useAppStore((s) => s.fixedFilters);
  const open = useAppStore((s) => s.areaTab === 'custom');
  const area = useAppStore((s) => s.areas.find((a) => a.id === s.selectedAreaId) ?? null);
  const fields = useAppStore((s) => s.summaryFields);
  const nocat = useAppStore((s) => s.summaryNocat);
  const at = useMemo(() => ({ coverage, filters }), [coverage, filters]);
  return {
    area,
    fields,
    nocat,
    coverage,
    summary: useAreaSummary(open ? vintage : null, area?.geometry ?? null, fields, nocat, at),
  };
}
