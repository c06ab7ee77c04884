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
import { ServiceError } from './errors';
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

/**
 * The key an address is throttled under: IPv4 as is (IPv4-mapped IPv6 folded to it), IPv6 by
 * its /64, the block one host is usually given, so a host cannot rotate addresses within it.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
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
