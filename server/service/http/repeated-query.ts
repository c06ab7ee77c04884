// A query parameter repeated with the very same text counts once. The official client retries
// a 429 by calling again with the url it already built, and appends the query a second time:
// its retried GET asks `?uuid=U&uuid=U`, which "uuid must be given once" refused, so the
// client raised instead of recovering. A parameter repeated with another value is still
// refused by the schemas. Only GET and HEAD: the client's POSTs are retried with the same url,
// and a request with a body is not rebuilt.
import type { MiddlewareHandler } from 'hono';

export const collapseRepeatedQuery: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  const q = raw.url.indexOf('?');
  if (q >= 0 && (raw.method === 'GET' || raw.method === 'HEAD')) {
    const segments = raw.url.slice(q + 1).split('&');
    const kept = [...new Set(segments)];
    if (kept.length < segments.length) {
      const url = `${raw.url.slice(0, q + 1)}${kept.join('&')}`;
      c.req.raw = new Request(url, {
        method: raw.method,
        headers: raw.headers,
        signal: raw.signal,
      });
    }
  }
  await next();
};
