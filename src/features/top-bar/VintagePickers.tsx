// The fabric and coverage vintage pickers. Which vintage the app starts on is the vintages
// workflow's choice (app/use-workflows.ts); a pick here goes straight to the store.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCoverageVintages } from '../../queries/use-coverage-vintages';
import { useFabricVintages } from '../../queries/use-fabric-vintages';
import { useAppStore } from '../../state/store';
import { VintagePicker } from './VintagePicker';

export function VintagePickers() {
  const fabric = useFabricVintages();
  const coverage = useCoverageVintages();
  const s = useAppStore(
    useShallow((st) => ({
      fabricVintage: st.fabricVintage,
      coverageVintage: st.coverageVintage,
      setFabricVintage: st.setFabricVintage,
      setCoverageVintage: st.setCoverageVintage,
    })),
  );
  const fabricVintages = useMemo(() => fabric.data?.map((v) => v.vintage), [fabric.data]);

  return (
    <>
      <VintagePicker
        label="Fabric vintage"
        vintages={fabricVintages}
        isPending={fabric.isPending}
        isError={fabric.isError}
        onRetry={() => void fabric.refetch()}
        value={s.fabricVintage}
        onChange={s.setFabricVintage}
      />
      <VintagePicker
        label="Coverage vintage"
        vintages={coverage.data}
        isPending={coverage.isPending}
        isError={coverage.isError}
        onRetry={() => void coverage.refetch()}
        value={s.coverageVintage}
        onChange={s.setCoverageVintage}
      />
    </>
  );
}
