// Failed authentication, throttled per client address: past AUTH_FAILURES_PER_MINUTE wrong or
// missing tokens in a sliding minute, a further failing attempt from that address is refused
// with 429 and Retry-After until the oldest failure is a minute old. A valid token is always
// answered: one broken client behind a NAT or proxy must not lock out everyone sharing its
// address. That leaves guessing unslowed for a throttled address, which is safe only because
// tokens are long random secrets (the dev token is 24 random bytes): the throttle bounds what a
// misbehaving client costs (work, log lines), not the odds of a guess. Shared by the Hono app
// and the locate hot path, which answers valid tokens only and leaves every failure to Hono.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { ServiceError } from '../../contract/errors';
import { addressKey } from '../../node-http/address-key';
import { SlidingWindow, retryAfterSeconds } from './sliding-window';

export const AUTH_FAILURES_PER_MINUTE = 20;

export type AuthFailures = SlidingWindow;

/** `perMinute`: tests that send junk auth by design raise it to keep reading 401s. */
export function createAuthFailures(
  now: () => number = Date.now,
  perMinute = AUTH_FAILURES_PER_MINUTE,
): AuthFailures {
  return new SlidingWindow(perMinute, 60_000, now);
}

/** The request's client address key from its socket, or "unknown" outside a Node server. */
export function clientAddressKey(c: Context): string {
  try {
    return addressKey(getConnInfo(c).remote.address);
  } catch {
    return 'unknown';
  }
}

export function tooManyFailures(failures: AuthFailures, waitMs: number): ServiceError {
  const retryAfter = retryAfterSeconds(waitMs);
  return new ServiceError(
    'rate_limited',
    `more than ${failures.limit} failed authentications a minute from this address; retry after ${retryAfter} s`,
    { limit: failures.limit, retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}
