// The upstream mode's limits from the environment, parsed with zod so a malformed value stops
// the server with a message naming the variable instead of silently meaning "no limit".
import { z } from 'zod';
import { DEFAULT_UPSTREAM_MAX_BYTES } from './upstream-body';

/**
 * Requests a minute per client address when APP_RATE_LIMIT is unset, in upstream mode: ten a
 * second sustained is far above what one planner's clicks cause there (no tiles are fetched
 * upstream).
 */
export const DEFAULT_APP_RATE_LIMIT = 600;

/**
 * The embedded demo's default: its map tiles come from /api, dozens a pan, so ten times the
 * upstream budget; still a bound on what one client (or a page it was tricked into) can ask.
 */
export const DEFAULT_EMBEDDED_RATE_LIMIT = 6000;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const upstreamEnvSchema = z.object({
  UPSTREAM_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'UPSTREAM_MAX_BYTES must be a number of bytes' })
      .int({ error: 'UPSTREAM_MAX_BYTES must be a whole number of bytes' })
      .min(1024, { error: 'UPSTREAM_MAX_BYTES must be at least 1024' })
      .max(1024 ** 3, { error: 'UPSTREAM_MAX_BYTES must be at most 1 GiB' })
      .default(DEFAULT_UPSTREAM_MAX_BYTES),
  ),
  // "off" (or 0) turns the per-client limit off, e.g. behind a proxy that limits already.
  APP_RATE_LIMIT: z.preprocess(
    (value) => {
      const v = emptyToUndefined(value);
      return typeof v === 'string' && /^(off|0)$/i.test(v.trim()) ? null : v;
    },
    z.coerce
      .number({ error: 'APP_RATE_LIMIT must be requests per minute, or off' })
      .int({ error: 'APP_RATE_LIMIT must be a whole number of requests per minute, or off' })
      .positive({ error: 'APP_RATE_LIMIT must be positive, or off' })
      .nullable()
      .default(DEFAULT_APP_RATE_LIMIT),
  ),
});

export interface UpstreamLimits {
  maxBytes: number;
  /** Requests a minute per client address; null for no limit. */
  clientRateLimit: number | null;
}

/** UPSTREAM_MAX_BYTES and APP_RATE_LIMIT; throws naming the variable when one is malformed. */
export function upstreamLimitsFromEnv(env: NodeJS.ProcessEnv): UpstreamLimits {
  const parsed = upstreamEnvSchema.safeParse({
    UPSTREAM_MAX_BYTES: env.UPSTREAM_MAX_BYTES,
    APP_RATE_LIMIT: env.APP_RATE_LIMIT,
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return {
    maxBytes: parsed.data.UPSTREAM_MAX_BYTES,
    clientRateLimit: parsed.data.APP_RATE_LIMIT,
  };
}

/** APP_RATE_LIMIT for the embedded demo, DEFAULT_EMBEDDED_RATE_LIMIT when unset. */
export function embeddedClientRateLimit(env: NodeJS.ProcessEnv): number | null {
  if (!env.APP_RATE_LIMIT?.trim()) return DEFAULT_EMBEDDED_RATE_LIMIT;
  return upstreamLimitsFromEnv({ APP_RATE_LIMIT: env.APP_RATE_LIMIT }).clientRateLimit;
}

/** Where the real service is and how to sign requests to it (the app server and the sync). */
export interface UpstreamAccess {
  url: string;
  token: string;
  /** token_type of coverage operations (fabric ones always say Bearer). */
  tokenType: string;
  auth: 'bearer' | 'apikey';
}

/**
 * SERVICE_URL, SERVICE_TOKEN, SERVICE_TOKEN_TYPE and SERVICE_AUTH, read one way wherever the
 * real service is called; throws naming the variable when one is malformed.
 */
export function upstreamAccessFromEnv(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): UpstreamAccess {
  const url = env.SERVICE_URL?.trim() ?? '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SERVICE_URL must be an http(s) URL, e.g. https://service.example.org/api');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error('SERVICE_URL must be an http(s) URL');
  }
  const auth = (env.SERVICE_AUTH ?? 'bearer').trim().toLowerCase();
  if (auth !== 'bearer' && auth !== 'apikey')
    throw new Error('SERVICE_AUTH must be "bearer" or "apikey"');
  const token = env.SERVICE_TOKEN ?? '';
  if (!token) log('warning: SERVICE_TOKEN is not set; the upstream service will likely answer 401');
  const tokenType = env.SERVICE_TOKEN_TYPE?.trim() || 'Bearer';
  return { url, token, tokenType, auth };
}

/**
 * The headers that sign a request: `apikey`, or Authorization with the token type on coverage
 * operations and Bearer on the others (docs/SEED-service-interface.md, "Authentication").
 */
export function upstreamAuthHeaders(
  access: UpstreamAccess,
  area: 'coverage' | 'other',
): Record<string, string> {
  if (access.auth === 'apikey') return { apikey: access.token };
  const scheme = area === 'coverage' ? access.tokenType : 'Bearer';
  return { authorization: `${scheme} ${access.token}` };
}
