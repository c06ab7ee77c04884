// The fabric and coverage vintage pickers. Which vintage the app starts on is the vintages
// workflow's choice (app/use-workflows.ts); a pick here goes straight to the store.
import { useVintages } from '../../queries/use-vintages';
import { VintagePicker } from './VintagePicker';

export function VintagePickers() {
  const v = useVintages();
  return (
    <>
      <VintagePicker
        label="Fabric vintage"
        vintages={v.fabricVintages}
        isPending={v.fabricQuery.isPending}
        isError={v.fabricQuery.isError}
        onRetry={() => void v.fabricQuery.refetch()}
        value={v.fabric}
        onChange={v.setFabric}
      />
      <VintagePicker
        label="Coverage vintage"
        vintages={v.coverageVintages}
        isPending={v.coverageQuery.isPending}
        isError={v.coverageQuery.isError}
        onRetry={() => void v.coverageQuery.refetch()}
        value={v.coverage}
        onChange={v.setCoverage}
      />
    </>
  );
}
