// What the app server refuses before any route runs. The planner's browser is the only client
// it serves, so a request naming another Host (DNS rebinding), sent by another site's page
// (Sec-Fetch-Site, Origin) or shaped like a form or no-CORS fetch (a POST body that is not
// application/json) is not the app's own and never reaches /api. Methods other than the
// common ones (TRACE, PROPFIND, ...) are refused everywhere.
import type { MiddlewareHandler } from 'hono';
import type { HostAllowlist } from './host-allowlist';
import { jsonError } from '../node-http/json-error';

const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Pages that take a form POST (the sign-in form, the Sign out button). */
const FORM_PATHS = new Set(['/sign-in', '/sign-out']);
const FORM_TYPE = 'application/x-www-form-urlencoded';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

function methodNotAllowed(method: string, allow: string): Response {
  return jsonError({
    status: 405,
    code: 'method_not_allowed',
    message: `${method} is not allowed here; use ${allow}`,
    details: { allow: allow.split(', ') },
    headers: { Allow: allow },
  });
}

function forbidden(code: string, message: string, details: Record<string, unknown>): Response {
  return jsonError({ status: 403, code, message, details });
}

/** A body is coming when it has a length or is chunked; an empty POST carries nothing. */
function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length');
  return headers.has('transfer-encoding') || (length !== null && length.trim() !== '0');
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export function frontDoor(hosts: HostAllowlist): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    // An absolute-form request target names its own host; check it and the Host header alike.
    const named = new Set([headers.get('host') ?? '', new URL(c.req.url).host]);
    for (const host of named) {
      if (!hosts.allows(host)) {
        return forbidden(
          'host_not_allowed',
          `Host "${host.slice(0, 100)}" is not served here (names not on the list are refused to block DNS rebinding); set ALLOWED_HOSTS to add it`,
          { parameter: 'Host', allowed: hosts.describe() },
        );
      }
    }
    const method = c.req.method;
    const api = isApi(c.req.path);
    // The sign-in and sign-out forms post to pages; they get /api's cross-site checks.
    const form = method === 'POST' && FORM_PATHS.has(c.req.path);
    if (!ROUTED_METHODS.has(method)) return methodNotAllowed(method, 'GET, HEAD, POST');
    if (!api && !form) {
      if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(method, 'GET, HEAD');
      return next();
    }

    const fetchSite = headers.get('sec-fetch-site')?.trim().toLowerCase();
    if (fetchSite === 'cross-site') {
      return forbidden(
        'cross_site_request',
        '/api answers the app on its own origin only; this request came from another site (Sec-Fetch-Site: cross-site)',
        { parameter: 'Sec-Fetch-Site' },
      );
    }
    const origin = headers.get('origin');
    // Under Referrer-Policy no-referrer a browser posts a form with Origin "null"; its
    // Sec-Fetch-Site still says whether the page was ours.
    const ownForm = form && origin === 'null' && fetchSite === 'same-origin';
    if (origin !== null && !ownForm) {
      const host = originHost(origin);
      if (host === null || !hosts.allows(host)) {
        return forbidden(
          'cross_site_request',
          `/api answers the app on its own origin only; Origin "${origin.slice(0, 100)}" is not one of its hosts`,
          { parameter: 'Origin' },
        );
      }
    }
    if (method === 'POST' && hasBody(headers)) {
      const type = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const wanted = form ? FORM_TYPE : 'application/json';
      if (type !== wanted) {
        return jsonError({
          status: 415,
          code: 'unsupported_media_type',
          message: `Content-Type must be ${wanted} for a POST body to ${form ? c.req.path : '/api'}, got "${type.slice(0, 60) || 'none'}" (forms and text/plain bodies from other sites are refused)`,
          details: { parameter: 'Content-Type' },
        });
      }
    }
    return next();
  };
}
