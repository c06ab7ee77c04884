// Calls and credits per account and operation, for GET /accountcontrol/getusage. An account is
// a token the service accepts (its digest, never the token), or one anonymous account when auth
// is off (the app server's embedded service). Counters are three numbers per operation of the
// table per account, and only accepted tokens become accounts, so memory is bounded by tokens ×
// operations whatever the traffic. Counts live in memory: they start again with the process.
import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from './env';
import { OPERATIONS, findOperation, type OperationDef } from '../../contract/operations';

export const ANONYMOUS_ACCOUNT = 'anonymous';
/** A guard only: accounts come from the configured tokens, far fewer than this. */
const MAX_ACCOUNTS = 1024;
const CALLS = 0;
const REFUSED = 1;
const CREDITS = 2;

export interface OperationUsage {
  api: string;
  operation: string;
  method: string;
  calls: number;
  /** Calls answered with an error (4xx or 5xx): they cost no credits. */
  refused: number;
  credits: number;
}

export interface UsageReport {
  account: string;
  since: string;
  calls: number;
  refused: number;
  credits: number;
  /** Operations this account has called, in the order listapis lists them. */
  operations: OperationUsage[];
}

export interface UsageMeter {
  record(account: string, op: OperationDef, status: number): void;
  report(account: string): UsageReport;
}

export function createUsageMeter(now: () => Date = () => new Date()): UsageMeter {
  const since = now().toISOString();
  const slot = new Map(OPERATIONS.map((o, i) => [o, i]));
  const accounts = new Map<string, Float64Array>();

  return {
    record(account, op, status) {
      const i = slot.get(op);
      if (i === undefined) return;
      let counts = accounts.get(account);
      if (!counts) {
        if (accounts.size >= MAX_ACCOUNTS) return;
        counts = new Float64Array(OPERATIONS.length * 3);
        accounts.set(account, counts);
      }
      counts[3 * i + CALLS] += 1;
      // Credits are spent on answers only; a refusal costs nothing.
      if (status >= 400) counts[3 * i + REFUSED] += 1;
      else counts[3 * i + CREDITS] += op.credits;
    },
    report(account) {
      const counts = accounts.get(account);
      const operations: OperationUsage[] = [];
      const total = { calls: 0, refused: 0, credits: 0 };
      OPERATIONS.forEach((o, i) => {
        const calls = counts?.[3 * i + CALLS] ?? 0;
        if (calls === 0) return;
        const refused = counts![3 * i + REFUSED];
        const credits = counts![3 * i + CREDITS];
        operations.push({
          api: o.area,
          operation: o.operation,
          method: o.method,
          calls,
          refused,
          credits,
        });
        total.calls += calls;
        total.refused += refused;
        total.credits += credits;
      });
      return { account, since, ...total, operations };
    },
  };
}

/** Counts every request that passed authentication and names an operation, once answered. */
export function meterUsage(meter: UsageMeter): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    await next();
    const op = findOperation(c.req.method, c.req.path);
    if (op) meter.record(c.get('clientKey') ?? ANONYMOUS_ACCOUNT, op, c.res.status);
  };
}
