// The fabric and coverage vintages: both lists as the service publishes them, and the pair the
// map shows, held in the store (the vintages workflow of app/use-workflows.ts picks it once the
// lists answer; the top bar's pickers change it). One hook for every part that reads them.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../state/store';
import { useCoverageVintages } from './use-coverage-vintages';
import { useFabricVintages } from './use-fabric-vintages';

export function useVintages() {
  const fabricQuery = useFabricVintages();
  const coverageQuery = useCoverageVintages();
  const held = useAppStore(
    useShallow((s) => ({
      fabric: s.fabricVintage,
      coverage: s.coverageVintage,
      setFabric: s.setFabricVintage,
      setCoverage: s.setCoverageVintage,
    })),
  );
  const fabricVintages = useMemo(() => fabricQuery.data?.map((v) => v.vintage), [fabricQuery.data]);
  return {
    ...held,
    /** The lists' queries: pending, failed, Retry; the fabric's records carry release numbers. */
    fabricQuery,
    coverageQuery,
    /** Each list, oldest first; undefined until it answers. */
    fabricVintages,
    coverageVintages: coverageQuery.data,
  };
}
