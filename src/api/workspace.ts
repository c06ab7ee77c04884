// The app server's workspace sync (docs/SERVICE.md, "The app server's workspace sync"): what
// adding an area will cost, starting, watching and cancelling the sync. Upstream mode only.
import {
  syncEstimateSchema,
  syncJobSchema,
  type SyncBody,
  type SyncEstimateAnswer,
  type SyncJob,
} from '../../shared/workspace-sync';
import * as z from '../../shared/zod';
import { request } from './http';

export function estimateSync(body: SyncBody, signal?: AbortSignal): Promise<SyncEstimateAnswer> {
  return request({
    operation: 'workspace estimate',
    method: 'POST',
    path: '/workspace/estimate',
    body,
    schema: syncEstimateSchema,
    ...(signal ? { signal } : {}),
  });
}

export function startSync(body: SyncBody): Promise<SyncJob> {
  return request({
    operation: 'workspace sync',
    method: 'POST',
    path: '/workspace/sync',
    body,
    schema: syncJobSchema,
  });
}

export function getSyncJob(signal?: AbortSignal): Promise<SyncJob> {
  return request({
    operation: 'workspace sync',
    path: '/workspace/sync',
    schema: syncJobSchema,
    ...(signal ? { signal } : {}),
  });
}

export function cancelSync(): Promise<unknown> {
  return request({
    operation: 'workspace sync cancel',
    method: 'DELETE',
    path: '/workspace/sync',
    schema: z.unknown(),
  });
}
