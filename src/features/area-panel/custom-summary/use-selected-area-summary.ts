// The selected area's summary with the panel's fields; the panel and the hexagon layer share
// it (same query key, so one request serves both). Asked only while the Custom summary tab is
// open, at the picked coverage vintage and for the filters' audience, as the badge counts.
import { useMemo } from 'react';
import { useAreaSummary } from '../../../queries/use-area-summary';
import { useAppStore } from '../../../state/store';

export function useSelectedAreaSummary() {
  const vintage = useAppStore((s) => s.fabricVintage);
  const coverage = useAppStore((s) => s.coverageVintage);
  const audience = useAppStore((s) => s.fixedFilters.audience);
  const open = useAppStore((s) => s.areaTab === 'custom');
  const area = useAppStore((s) => s.areas.find((a) => a.id === s.selectedAreaId) ?? null);
  const fields = useAppStore((s) => s.summaryFields);
  const nocat = useAppStore((s) => s.summaryNocat);
  const at = useMemo(() => ({ coverage, audience }), [coverage, audience]);
  return {
    area,
    fields,
    nocat,
    coverage,
    summary: useAreaSummary(open ? vintage : null, area?.geometry ?? null, fields, nocat, at),
  };
}
