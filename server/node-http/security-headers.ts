// Security headers on every answer. The CSP has no 'unsafe-eval': MapLibre 6 runs its worker
// from its own file or a blob: URL, which worker-src allows. 'unsafe-inline' styles are what
// MapLibre's controls set on elements. An online basemap style (one variable) adds its origin.
import type { MiddlewareHandler } from 'hono';
import { nodeExchange } from './node-exchange';

export interface CspOptions {
  /** Online basemap style URL, if one is configured. */
  basemapStyle?: string | undefined;
  /** Vite dev server: its client is an inline module and talks over a websocket. */
  dev?: boolean;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(opts: CspOptions = {}): string {
  const basemap = originOf(opts.basemapStyle);
  const extra = basemap ? ` ${basemap}` : '';
  const directives = [
    "default-src 'self'",
    `script-src 'self'${opts.dev ? " 'unsafe-inline'" : ''}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    `img-src 'self' data: blob:${extra}`,
    "style-src 'self' 'unsafe-inline'",
    `font-src 'self' data:${extra}`,
    `connect-src 'self'${extra}${opts.dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

/** The standalone service serves no pages: nothing may load from its answers at all. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Every security header with the given CSP, for servers that set them on node responses. */
export function securityHeaderEntries(csp: string): ReadonlyArray<readonly [string, string]> {
  return [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

/** On the node response before the app answers (see nodeExchange); on the answer without one. */
export function securityHeaders(opts: CspOptions = {}): MiddlewareHandler {
  const entries = securityHeaderEntries(contentSecurityPolicy(opts));
  return async (c, next) => {
    const outgoing = nodeExchange(c)?.outgoing;
    if (outgoing) {
      for (const [name, value] of entries) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    for (const [name, value] of entries) c.header(name, value);
  };
}
