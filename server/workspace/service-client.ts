// The sync's only way to the service: signed as the app server signs (upstream-env.ts), within
// the request budget, `429` waited out as Retry-After says, the cost of each call looked up in
// listapis and checked against the credits ceiling before it is sent, every answer parsed and
// checked against its published shape (the caller's zod schema).
import type { z } from 'zod';
import { upstreamAuthHeaders, type UpstreamAccess } from '../app/upstream-env';
import type { ApiRow } from './published-shapes';
import type { RequestBudget } from './request-budget';
import { EXIT, SyncStopped } from './sync-stopped';

export interface ServiceRequest {
  method: 'GET' | 'POST';
  /** Path under SERVICE_URL with its query ("/fabric/202506/bulk/locations?field=zip"). */
  path: string;
  body?: unknown;
  /** Names the call in a stop message: "bulk 202506 chunk 3 (fields zip, city)". */
  label: string;
}

export interface ClientOptions {
  access: UpstreamAccess;
  budget: RequestBudget;
  /** Credits this run may spend; null for no ceiling. */
  creditsCeiling: number | null;
  timeoutMs?: number;
  /** Attempts on a network failure or a 5xx before the sync stops. */
  attempts?: number;
  /** Waits between attempts; tests make them short. */
  retryDelayMs?: number;
  log: (line: string) => void;
  /**
   * Cancels: nothing more is sent. Requests in flight are let finish, so their answers are
   * journaled and a resume asks none of them again.
   */
  signal?: AbortSignal;
}

/** "POST bulk", "GET libgetgeo": the operation a path names, as listapis names it. */
export function operationOf(method: string, path: string): { api: string; operation: string } {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  const api = segments[0] ?? '';
  const operation = segments.slice(1).find((s) => !/^\d{6}$/.test(s)) ?? '';
  return { api, operation: `${method} ${operation}` };
}

export function createServiceClient(opts: ClientOptions) {
  const base = opts.access.url.replace(/\/+$/, '');
  const attempts = opts.attempts ?? 4;
  const retryDelayMs = opts.retryDelayMs ?? 1000;
  const counts = new Map<string, number>();
  const byApi = new Map<string, number>();
  let prices: ApiRow[] | null = null;
  let credits = 0;

  function price(req: ServiceRequest): number {
    if (!prices) return 0; // listapis itself, asked first (free by its own row)
    const { api, operation } = operationOf(req.method, req.path);
    const row = prices.find(
      (r) => r.api === api && `${r.method.toUpperCase()} ${r.operation}` === operation,
    );
    if (!row) {
      throw new SyncStopped(
        `listapis lists no ${req.method} ${api}/${operation.split(' ')[1]}: the sync asks only for published operations`,
        EXIT.service,
      );
    }
    return row.credits;
  }

  function stop(err: SyncStopped): never {
    opts.budget.stop(err);
    throw err;
  }

  /** A cancel stops the sync where it is; the answers journaled so far stay for a resume. */
  const cancelled = () =>
    new SyncStopped('cancelled: the answers received so far are kept', EXIT.cancelled);
  opts.signal?.addEventListener('abort', () => opts.budget.stop(cancelled()), { once: true });

  async function send(
    req: ServiceRequest,
  ): Promise<{ status: number; text: string; retryAfter: number }> {
    const area = req.path.startsWith('/coverage/') ? 'coverage' : 'other';
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...upstreamAuthHeaders(opts.access, area),
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + req.path, {
      method: req.method,
      headers,
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
    });
    const text = await res.text();
    return { status: res.status, text, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
  }

  async function call<S extends z.ZodType>(req: ServiceRequest, schema: S): Promise<z.output<S>> {
    const { api, operation } = operationOf(req.method, req.path);
    const cost = price(req);
    let failures = 0;
    for (;;) {
      if (opts.signal?.aborted) stop(cancelled());
      const release = await opts.budget.acquire();
      if (opts.creditsCeiling !== null && credits + cost > opts.creditsCeiling) {
        release();
        stop(
          new SyncStopped(
            `credits ceiling reached: ${credits} credits spent, and ${req.label} costs ${cost} more than the ${opts.creditsCeiling} --credits allows; run again with a higher --credits to go on from here`,
            EXIT.credits,
          ),
        );
      }
      credits += cost; // reserved before sending, so calls in flight never pass the ceiling
      counts.set(operation, (counts.get(operation) ?? 0) + 1);
      const named = `${api}/${operation.split(' ')[1]}`;
      byApi.set(named, (byApi.get(named) ?? 0) + 1);
      let answer: Awaited<ReturnType<typeof send>> | null = null;
      let cause = '';
      try {
        answer = await send(req);
      } catch (err) {
        cause =
          err instanceof Error
            ? err.cause instanceof Error
              ? err.cause.message
              : err.message
            : String(err);
      } finally {
        release();
      }
      if (answer?.status === 429) {
        credits -= cost;
        const seconds = Math.max(1, Math.ceil(answer.retryAfter || 1));
        opts.log(`${req.label}: rate limited, waiting ${seconds} s as Retry-After says`);
        opts.budget.pauseUntil(Date.now() + seconds * 1000);
        continue;
      }
      if (!answer || answer.status >= 500) {
        credits -= cost;
        const why = answer ? `answered ${answer.status}` : `unreachable (${cause})`;
        if (++failures >= attempts) {
          stop(
            new SyncStopped(
              `${req.label}: the service ${why} ${failures} times; stopped`,
              EXIT.service,
            ),
          );
        }
        const wait = retryDelayMs * 2 ** (failures - 1);
        opts.log(`${req.label}: the service ${why}; asking again in ${wait} ms`);
        await new Promise((ok) => setTimeout(ok, wait));
        continue;
      }
      if (answer.status !== 200) {
        stop(
          new SyncStopped(
            `${req.label}: the service answered ${answer.status}: ${answer.text.slice(0, 300)}`,
            EXIT.service,
          ),
        );
      }
      let json: unknown;
      try {
        json = JSON.parse(answer.text);
      } catch {
        stop(
          new SyncStopped(
            `${req.label}: the answer is not whole JSON (${answer.text.length} bytes, cut off?)`,
            EXIT.badAnswer,
          ),
        );
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
        stop(
          new SyncStopped(
            `${req.label}: the answer does not have the published shape${where}: ${issue?.message ?? 'invalid'}`,
            EXIT.badAnswer,
          ),
        );
      }
      return parsed.data;
    }
  }

  return {
    call,
    setPrices(rows: ApiRow[]) {
      prices = rows;
    },
    /** Requests sent per operation ("POST bulk"), 429s and retries included. */
    counts: () => Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b))),
    /** The same per api and operation ("fabric/bulk"), as listapis names them. */
    countsByApi: () => Object.fromEntries([...byApi].sort(([a], [b]) => a.localeCompare(b))),
    credits: () => credits,
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
