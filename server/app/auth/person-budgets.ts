// Budgets per signed-in person in front of the backend: requests a minute
// (APP_USER_RATE_LIMIT) and upstream credits a day (APP_USER_CREDITS_PER_DAY, and
// APP_CREDITS_PER_DAY for the whole server), so one person's location list cannot spend what
// the rest of the team needs. Credits are reserved before the request goes out (calls in flight
// never pass a ceiling together) and kept only for an answer the service gave and charged: not
// one the app server's cache served, nor a failure.
import type { MiddlewareHandler } from 'hono';
import { ServiceError, errorFetchResponse } from '../../contract/errors';
import { ANSWERED_FROM, type Backend } from '../backend';
import { SlidingWindowLimiter } from '../client-rate-limit';
import type { PersonBudgets } from './auth-env';
import { personOf } from './request-identity';
import { dayOf, secondsToNextDay, type UsageLedger } from './usage-ledger';

/** App-server routes of its own, which spend nothing upstream. */
const OWN_ROUTES = new Set(['/api/health', '/api/session', '/api/usage']);

function refusal(message: string, details: Record<string, unknown>, retryAfter: number) {
  return errorFetchResponse(
    new ServiceError(
      'rate_limited',
      message,
      { ...details, retryAfter },
      {
        'Retry-After': String(retryAfter),
      },
    ),
  );
}

export function personBudgets(
  budgets: PersonBudgets,
  backend: Backend,
  ledger: UsageLedger,
): MiddlewareHandler {
  const limiter = budgets.perMinute
    ? new SlidingWindowLimiter(budgets.perMinute, ledger.now)
    : null;
  return async (c, next) => {
    const person = personOf(c.req.raw);
    if (!person || OWN_ROUTES.has(c.req.path)) return next();
    const wait = limiter?.take(person) ?? 0;
    if (wait > 0) {
      return refusal(
        `${person}'s budget of ${budgets.perMinute} requests per minute (APP_USER_RATE_LIMIT) is spent; it frees in ${wait} s`,
        { person, limit: budgets.perMinute },
        wait,
      );
    }
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice('/api'.length);
    const operation = backend.upstreamOperation?.(c.req.method, url) ?? null;
    if (!operation) return next();
    const cost = operation.credits;
    const ceilings = [
      {
        key: person,
        limit: budgets.creditsPerDay,
        whose: `${person}'s`,
        variable: 'APP_USER_CREDITS_PER_DAY',
      },
      {
        key: '',
        limit: budgets.totalCreditsPerDay,
        whose: "the server's",
        variable: 'APP_CREDITS_PER_DAY',
      },
    ];
    for (const { key, limit, whose, variable } of ceilings) {
      if (limit === null || ledger.spentToday(key) + cost <= limit) continue;
      const seconds = secondsToNextDay(ledger.now());
      return refusal(
        `${whose} ${limit} upstream credits for ${dayOf(ledger.now())} (${variable}) are spent (this request costs ${cost}); they free at midnight UTC, in ${seconds} s`,
        { person, limit, spent: ledger.spentToday(key) },
        seconds,
      );
    }
    ledger.reserve(person, cost);
    let spent: { operation: string; credits: number } | null = null;
    try {
      await next();
      const fromCache = c.res.headers.get('x-cache') === 'hit';
      // A published operation the workspace answered (workspace-backend.ts) reached nothing.
      const fromWorkspace = c.res.headers.get(ANSWERED_FROM) === 'workspace';
      // 429 and 5xx: refused here or upstream, or never answered; no credits were spent.
      const reached = !fromCache && !fromWorkspace && c.res.status !== 429 && c.res.status < 500;
      if (reached) spent = { operation: operation.name, credits: c.res.status < 400 ? cost : 0 };
    } finally {
      ledger.settle(person, cost, spent);
    }
  };
}
