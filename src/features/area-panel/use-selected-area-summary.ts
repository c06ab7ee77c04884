// The selected area's summary with the panel's fields; the panel and the hexagon layer share
// it (same query key, so one request serves both).
import { useAreaSummary } from '../../queries/use-area-summary';
import { useAppStore } from '../../state/store';

export function useSelectedAreaSummary() {
  const vintage = useAppStore((s) => s.fabricVintage);
  const area = useAppStore((s) => s.areas.find((a) => a.id === s.selectedAreaId) ?? null);
  const fields = useAppStore((s) => s.summaryFields);
  const nocat = useAppStore((s) => s.summaryNocat);
  return {
    area,
    fields,
    nocat,
    summary: useAreaSummary(vintage, area?.geometry ?? null, fields, nocat),
  };
}
