// The selected area's location-list job at the map's releases, the compared ones and the
// filters: the chunk size from listapis (maxrequest of bulk and bdcfixed), the release each
// coverage vintage is checked against as the street-zoom layer checks it, and which release is
// the earlier (shared/fixed-change-hex.ts), so the list classes changes as the map does.
import { useMemo, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { earlierSide } from '../../../../shared/fixed-change-hex';
import { maxRequestOf } from '../../../api/account';
import { releaseToCheck } from '../../../pipelines/fixed-view-chunk';
import { hashString } from '../../../lib/hash';
import { useListApis } from '../../../queries/use-list-apis';
import { useVintages } from '../../../queries/use-vintages';
import type { SavedArea } from '../../../state/saved-area';
import { useAppStore } from '../../../state/store';
import { csvStampBlock, stampedFileName, type FileStamp } from '../file-stamp';
import { useCapabilities } from '../../../queries/use-capabilities';
import { jobFor, ListJob, type ListJobSnapshot } from './location-list-job';
import type { ListContext } from './location-list-rows';

export interface LocationListJob {
  job: ListJob;
  snapshot: ListJobSnapshot;
  /** File names: "<area>-locations-<releases>-<filters>-<date>.csv", the changed list's, the hexagons'. */
  fileName: (kind: FileKind, extension?: string) => string;
  /** A CSV's stamp block (file-stamp.ts): what the list counts, before its columns. */
  header: (title: string) => string;
}

const IDLE: ListJobSnapshot = { state: { status: 'idle' }, changes: null, hexes: null };
type FileKind = 'locations' | 'changed-locations' | 'hexagons';

const noSubscribe = () => () => {};

export function useLocationListJob(area: SavedArea): LocationListJob | null {
  const s = useAppStore(
    useShallow((st) => ({ compareWith: st.compareWith, filters: st.fixedFilters })),
  );
  const { fabric, coverage, fabricQuery } = useVintages();
  const apis = useListApis();
  const source = useCapabilities().stamp;
  const ready = Boolean(fabric && coverage && fabricQuery.data && !apis.isPending);

  const job = useMemo(() => {
    if (!ready) return null;
    const list = fabricQuery.data!;
    const side = (r: { fabric: string; coverage: string }) => ({
      ...r,
      release: releaseToCheck(r.fabric, r.coverage, list),
    });
    const a = side({ fabric: fabric!, coverage: coverage! });
    const b = s.compareWith ? side(s.compareWith) : null;
    const earlier = b ? earlierSide(a, b) : 'a';
    const context: ListContext = { filters: s.filters, a, b, earlier };
    const chunkSize = Math.min(
      maxRequestOf(apis.data, 'fabric', 'bulk'),
      maxRequestOf(apis.data, 'coverage', 'bdcfixed'),
    );
    const later = b && a.fabric !== b.fabric ? (earlier === 'a' ? 'b' : 'a') : null;
    const key = JSON.stringify([
      area.id,
      hashString(JSON.stringify(area.geometry)),
      a,
      b,
      s.filters,
    ]);
    return jobFor(
      area.id,
      key,
      (initial) =>
        new ListJob(key, { area: area.geometry, a, b, later, chunkSize }, context, initial),
    );
  }, [ready, fabric, coverage, fabricQuery.data, apis.data, s, area]);

  const snapshot = useSyncExternalStore(
    job?.subscribe ?? noSubscribe,
    job?.getSnapshot ?? (() => IDLE),
  );
  if (!job) return null;
  const { a, b, filters } = job.context;
  const stamp = (): FileStamp => ({
    area: area.name,
    release: a,
    compared: b,
    filters,
    generated: new Date(),
    source,
  });
  return {
    job,
    snapshot,
    fileName: (kind, extension = 'csv') => stampedFileName(stamp(), kind, extension),
    header: (title) => csvStampBlock(title, stamp()),
  };
}
