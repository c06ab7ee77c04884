// What a request says about who sent it, believed as far as it can be: the socket's address,
// or, from a trusted proxy, the client it names last in X-Forwarded-For and whether the browser
// reached it over TLS. The person a request was admitted as is tagged on it here, for the
// budgets and the usage log further in.
import type { Context } from 'hono';
import { clientAddress } from '../client-rate-limit';
import type { TrustedProxies } from './trusted-proxies';

const people = new WeakMap<Request, string>();

export function tagPerson(request: Request, name: string): void {
  people.set(request, name);
}

/** The signed-in person a request was admitted as; undefined without sign-in. */
export function personOf(request: Request): string | undefined {
  return people.get(request);
}

export function fromTrustedProxy(c: Context, trusted: TrustedProxies | null): boolean {
  return trusted !== null && trusted.trusts(clientAddress(c));
}

/** The browser's address: the socket's, or the last X-Forwarded-For hop a trusted proxy added. */
export function browserAddress(c: Context, trusted: TrustedProxies | null): string {
  if (!fromTrustedProxy(c, trusted)) return clientAddress(c);
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',');
  return hops[hops.length - 1]?.trim() || clientAddress(c);
}

/** Whether the browser's connection is TLS (Secure cookies): only a trusted proxy can say so. */
export function overTls(c: Context, trusted: TrustedProxies | null): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https' && fromTrustedProxy(c, trusted);
}
