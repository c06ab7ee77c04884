// One rule for service paths, on the standalone service, the embedded one and the app server's
// upstream allowlist alike: a letter, digit or - . _ ~ sent percent-encoded
// (`/fabric/%32%30%32%35%30%36/...` for 202506) is refused with 400. RFC 3986 (6.2.2.2) makes
// such a path equal to its plain form, and Hono's router decodes it while the operations table
// does not, so the service answered a path the app server called unknown. No service path
// needs encoding (vintages, layers and tile numbers are plain ASCII): the encoded form is
// refused everywhere, naming the plain one. Other encoded bytes (%20, %2F, ...) can never
// name an operation and stay a 404.
import type { MiddlewareHandler } from 'hono';
import { ServiceError } from './errors';

const ENCODED = /%([0-9a-f]{2})/gi;
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

const unreserved = (hex: string) => UNRESERVED.test(String.fromCharCode(Number.parseInt(hex, 16)));

/** The refusal of a path with an encoded unreserved character, or null for a plain path. */
export function encodedPathError(path: string): ServiceError | null {
  if (!path.includes('%')) return null;
  for (const segment of path.split('/')) {
    if (![...segment.matchAll(ENCODED)].some((m) => unreserved(m[1]!))) continue;
    const plain = segment.replace(ENCODED, (m, hex: string) =>
      unreserved(hex) ? String.fromCharCode(Number.parseInt(hex, 16)) : m,
    );
    const shown = segment.slice(0, 60);
    return new ServiceError(
      'invalid_parameter',
      `path segment "${shown}" is percent-encoded; send it as "${plain.slice(0, 60)}": letters, digits and - . _ ~ are never encoded in a service path (a vintage is six plain digits, YYYYMM)`,
      { parameter: 'path', segment: shown },
    );
  }
  return null;
}

/** The path of a request URL as sent (URL.pathname would resolve %2e segments first). */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  return url.slice(start, query < 0 ? undefined : query);
}

export const refuseEncodedPath: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const refusal = url.includes('%') ? encodedPathError(rawPath(url)) : null;
  if (refusal) throw refusal;
  await next();
};
