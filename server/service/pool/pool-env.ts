// The worker pool's settings, read once at start by both servers (the standalone service and
// the app server's embedded one). A malformed value stops the server with a message naming the
// variable rather than falling back silently.
import { z } from 'zod';
import { secondsEnv, wholeNumberEnv } from '../../node-http/env-number';

/** Defaults: one worker beside the event loop (2 cores: one answers locate, one the rest). */
export const POOL_ENV_DEFAULTS = {
  SERVICE_WORKERS: 1,
  SERVICE_WORK_QUEUE: 16,
  SERVICE_WORK_TIMEOUT_S: 10,
} as const;

const poolEnvSchema = z.object({
  SERVICE_WORKERS: wholeNumberEnv('SERVICE_WORKERS', 0, 64, POOL_ENV_DEFAULTS.SERVICE_WORKERS),
  SERVICE_WORK_QUEUE: wholeNumberEnv(
    'SERVICE_WORK_QUEUE',
    1,
    10_000,
    POOL_ENV_DEFAULTS.SERVICE_WORK_QUEUE,
  ),
  SERVICE_WORK_TIMEOUT_S: secondsEnv(
    'SERVICE_WORK_TIMEOUT_S',
    POOL_ENV_DEFAULTS.SERVICE_WORK_TIMEOUT_S,
    3600,
  ),
});

export interface PoolSettings {
  /** Worker threads; 0 answers every operation on the event loop, as before the pool. */
  workers: number;
  /** Requests that may wait for each worker; past it, 503 service_busy. */
  queue: number;
  /** Longest a request may run in a worker before it is abandoned (503) and the worker replaced. */
  timeoutMs: number;
}

/** Reads SERVICE_WORKERS, SERVICE_WORK_QUEUE and SERVICE_WORK_TIMEOUT_S; throws naming each bad one. */
export function parsePoolEnv(env: Record<string, string | undefined>): PoolSettings {
  const keys = Object.keys(poolEnvSchema.shape);
  const result = poolEnvSchema.safeParse(Object.fromEntries(keys.map((k) => [k, env[k]])));
  if (!result.success) {
    throw new Error(`Invalid worker pool configuration:\n${z.prettifyError(result.error)}`);
  }
  const e = result.data;
  return {
    workers: e.SERVICE_WORKERS,
    queue: e.SERVICE_WORK_QUEUE,
    timeoutMs: Math.round(e.SERVICE_WORK_TIMEOUT_S * 1000),
  };
}
