// The app's Add to workspace: the estimate of adding an area (asked once per area: it sends
// the cheap first requests, journaled for the sync), the sync's job watched every second
// while it runs, Start and Cancel. When a sync is done, what the backend serves changed: its
// capabilities (the areas it names) and every answer of its own views are asked again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SyncBody, SyncJob } from '../../shared/workspace-sync';
import { cancelSync, estimateSync, getSyncJob, startSync } from '../api/workspace';
import { healthKeys, reportKeys, summarizeKeys, workspaceSyncKeys } from './keys';

export function useSyncEstimate(body: SyncBody | null) {
  return useQuery({
    queryKey: workspaceSyncKeys.estimate(JSON.stringify(body)),
    queryFn: ({ signal }) => estimateSync(body!, signal),
    enabled: body !== null,
    // It spends a few requests: asked again only when the dialog is opened anew.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useSyncJob(enabled: boolean) {
  return useQuery({
    queryKey: workspaceSyncKeys.job(),
    queryFn: ({ signal }) => getSyncJob(signal),
    enabled,
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
    retry: false,
  });
}

export function useStartSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startSync,
    onSuccess: (job) => client.setQueryData(workspaceSyncKeys.job(), job),
  });
}

export function useCancelSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSync,
    onSettled: () => client.invalidateQueries({ queryKey: workspaceSyncKeys.job() }),
  });
}

/** Once a watched sync turns done, the views are asked again of the new workspace. */
export function useRefreshWhenSynced(job: SyncJob | undefined) {
  const client = useQueryClient();
  const last = useRef(job?.state);
  useEffect(() => {
    const was = last.current;
    last.current = job?.state;
    if (was !== 'running' || job?.state !== 'done') return;
    for (const keys of [healthKeys.all, reportKeys.all, summarizeKeys.all])
      void client.invalidateQueries({ queryKey: keys });
  }, [client, job?.state]);
}
