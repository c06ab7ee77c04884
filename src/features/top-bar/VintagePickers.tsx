// The fabric and coverage vintage pickers. Which vintage the app starts on is the vintages
// workflow's choice (app/use-workflows.ts); a pick here goes straight to the store.
import { useVintages } from '../../queries/use-vintages';
import { VintagePicker } from './VintagePicker';

export function VintagePickers() {
  const v = useVintages();
  const pickers = [
    ['Fabric vintage', v.fabricQuery, v.fabricVintages, v.fabric, v.setFabric],
    ['Coverage vintage', v.coverageQuery, v.coverageVintages, v.coverage, v.setCoverage],
  ] as const;
  return (
    <>
      {pickers.map(([label, query, vintages, value, onChange]) => (
        <VintagePicker
          key={label}
          label={label}
          vintages={vintages}
          isPending={query.isPending}
          isError={query.isError}
          onRetry={() => void query.refetch()}
          value={value}
          onChange={onChange}
        />
      ))}
    </>
  );
}
