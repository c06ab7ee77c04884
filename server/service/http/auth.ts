// Token check (docs/SERVICE.md, "Authentication"): fabric and fabricext take `Bearer <t>`,
// coverage takes `<token_type> <t>` with Bearer in any case, and `apikey: <t>` is tolerated
// everywhere. HTTP auth schemes are case-insensitive (RFC 9110 11.1), so `bearer` passes on
// fabric paths too; any other scheme (Basic, Token...) does not. Tokens are compared in
// constant time so timing reveals nothing about them.
import { hash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from './env';
import {
  clientAddressKey,
  createAuthFailures,
  tooManyFailures,
  type AuthFailures,
} from './auth-failures';
import { ServiceError } from '../../contract/errors';

/** SHA-256 of a token; the one-shot form costs about half of a Hash object per request. */
export function digestToken(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/** The account a token's digest names (rate limit, usage): a prefix of it, never the token. */
export function clientKeyOf(digest: Buffer): string {
  return digest.toString('hex', 0, 8);
}

/** Fixed-length digests make the comparison independent of where the strings differ. */
export function tokenMatches(candidate: string | Buffer, tokens: readonly Buffer[]): boolean {
  const d = typeof candidate === 'string' ? digestToken(candidate) : candidate;
  let found = false;
  for (const t of tokens) found = timingSafeEqual(d, t) || found;
  return found;
}

/** The token a request presents, or null when no accepted header form carries one. */
export function presentedToken(
  authorization: string | undefined,
  apikey: string | undefined,
): string | null {
  if (apikey && apikey.trim()) return apikey.trim();
  if (!authorization) return null;
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(authorization);
  if (!match) return null;
  const [, scheme, token] = match as unknown as [string, string, string];
  return scheme.toLowerCase() === 'bearer' ? token : null;
}

/**
 * `failures`: the per-address throttle of failed attempts (auth-failures.ts). A valid token is
 * answered whatever the address has failed; only a failing attempt is refused while throttled.
 */
export function requireToken(
  tokens: readonly string[],
  failures: AuthFailures = createAuthFailures(),
): MiddlewareHandler<ServiceEnv> {
  const digests = tokens.filter((t) => t.length > 0).map(digestToken);
  return async (c, next) => {
    const token = presentedToken(c.req.header('authorization'), c.req.header('apikey'));
    // One digest per request serves both the comparison and the rate limiter's client key.
    const presented = token === null ? null : digestToken(token);
    if (presented !== null && tokenMatches(presented, digests)) {
      c.set('clientKey', clientKeyOf(presented));
      await next();
      return;
    }
    const address = clientAddressKey(c);
    const wait = failures.wait(address);
    if (wait > 0) throw tooManyFailures(failures, wait);
    failures.record(address);
    throw new ServiceError(
      'unauthorized',
      'a valid token is required (Authorization: Bearer <token>)',
      undefined,
      { 'WWW-Authenticate': 'Bearer' },
    );
  };
}
