// Hands every POST operation to the worker pool, after auth, usage and the rate limit have run
// on the event loop, and answers with the worker's answer unchanged. The worker runs the same
// app, so what the route does with the body (and when it reads it) is decided there: a body the
// route would refuse as too large arrives too large (the declared length, or one byte past the
// cap), so the 413 comes from the same place as before, after the same earlier checks.
import type { MiddlewareHandler } from 'hono';
import { MAX_BODY_BYTES } from '../../contract/body';
import { ServiceError } from '../../contract/errors';
import { findOperation } from '../../contract/operations';
import { PoolBusyError, WorkTimeoutError, WorkerCrashError, type WorkerPool } from './worker-pool';

/** Whether an operation runs in a worker: every one with a body, whose cost grows with it. */
export function isOffloaded(method: string, path: string): boolean {
  return findOperation(method, path)?.method === 'POST';
}

/** Up to one byte past the cap: enough for the worker's route to refuse it as it does now. */
async function bodyForWorker(request: Request): Promise<ArrayBuffer | null> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return null;
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total <= MAX_BODY_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  if (total > MAX_BODY_BYTES) await reader.cancel();
  const out = new Uint8Array(Math.min(total, MAX_BODY_BYTES + 1));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, out.length - offset);
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out.buffer;
}

export function offloadToPool(
  pool: WorkerPool,
  logError: (message: string, request?: Request) => void,
): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!isOffloaded(raw.method, c.req.path)) return next();
    const body = await bodyForWorker(raw);
    try {
      const answer = await pool.run({
        method: raw.method,
        url: raw.url,
        headers: [...raw.headers],
        body,
      });
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    } catch (err) {
      if (err instanceof PoolBusyError) {
        throw new ServiceError(
          'service_busy',
          `the service is busy (${err.message}); retry after 1 second`,
          { retryAfter: 1 },
          { 'Retry-After': '1' },
        );
      }
      if (err instanceof WorkTimeoutError) {
        const seconds = pool.timeoutMs / 1000;
        throw new ServiceError(
          'work_timeout',
          `the request took longer than the ${seconds} s one request may run, and was abandoned (simplify or split it)`,
          { limitSeconds: seconds },
        );
      }
      if (err instanceof WorkerCrashError) {
        logError(`worker failed on ${raw.method} ${c.req.path}: ${err.message}`, raw);
        throw new ServiceError('internal', 'internal error');
      }
      throw err;
    }
  };
}
