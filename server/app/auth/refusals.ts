// The answers the gate gives a request it cannot admit: JSON naming the rule on /api, a page
// (or the way to one) elsewhere.
import { jsonError } from '../../node-http/json-error';

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

export function unauthenticated(how: string): Response {
  return jsonError({
    status: 401,
    code: 'unauthenticated',
    message: `sign in first: ${how}`,
    headers: { 'Cache-Control': 'no-store' },
  });
}

export function tooManySignIns(seconds: number): Response {
  return jsonError({
    status: 429,
    code: 'too_many_sign_ins',
    message: `too many failed sign-ins for this name or from this address (5 in 15 minutes); retry after ${seconds} s`,
    details: { retryAfter: seconds },
    headers: { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' },
  });
}

export function forbidden(message: string): Response {
  return jsonError({ status: 403, code: 'forbidden', message });
}
