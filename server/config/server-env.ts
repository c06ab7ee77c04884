// The front-door settings of both servers (the app server and the standalone service): where
// to listen, which Host names to answer, and how long a client may take. Parsed once at start
// so a malformed value stops the server with a message naming the variable, instead of a
// silent fallback to Node's defaults (80 s for a request head, 300 s for a body, no cap).
import { z } from 'zod';
import { emptyToUndefined, secondsEnv, wholeNumber } from '../node-http/env-number';

// One Host entry: a DNS name, an IPv4 address or a bracketed IPv6 one, optionally with a port.
const HOST_ENTRY =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

const allowedHosts = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry.length > 0),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            HOST_ENTRY,
            'ALLOWED_HOSTS must be comma-separated host names, each optionally with :port (e.g. maps.example.org,10.0.0.5:5173)',
          ),
      ),
    )
    .default([]),
);

/** Defaults, in seconds: documented in the README's Configuration table. */
export const SERVER_ENV_DEFAULTS = {
  HEADERS_TIMEOUT_S: 10,
  REQUEST_TIMEOUT_S: 60,
  KEEPALIVE_TIMEOUT_S: 5,
  MAX_CONNECTIONS: 256,
  // A browser opens at most 6 per origin; an eighth of the cap leaves room for NATs.
  MAX_CONNECTIONS_PER_ADDRESS: 32,
} as const;

const serverEnvSchema = z
  .object({
    PORT: z.preprocess(emptyToUndefined, wholeNumber('PORT', 0, 65535).optional()),
    HOST: z.preprocess(emptyToUndefined, z.string().trim().default('127.0.0.1')),
    ALLOWED_HOSTS: allowedHosts,
    HEADERS_TIMEOUT_S: secondsEnv('HEADERS_TIMEOUT_S', SERVER_ENV_DEFAULTS.HEADERS_TIMEOUT_S, 600),
    REQUEST_TIMEOUT_S: secondsEnv('REQUEST_TIMEOUT_S', SERVER_ENV_DEFAULTS.REQUEST_TIMEOUT_S, 3600),
    KEEPALIVE_TIMEOUT_S: secondsEnv(
      'KEEPALIVE_TIMEOUT_S',
      SERVER_ENV_DEFAULTS.KEEPALIVE_TIMEOUT_S,
      600,
    ),
    MAX_CONNECTIONS: z.preprocess(
      emptyToUndefined,
      wholeNumber('MAX_CONNECTIONS', 1, 1_000_000).default(SERVER_ENV_DEFAULTS.MAX_CONNECTIONS),
    ),
    MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(
      emptyToUndefined,
      wholeNumber('MAX_CONNECTIONS_PER_ADDRESS', 1, 1_000_000).default(
        SERVER_ENV_DEFAULTS.MAX_CONNECTIONS_PER_ADDRESS,
      ),
    ),
  })
  // Node refuses a request deadline shorter than the head's own.
  .refine((env) => env.REQUEST_TIMEOUT_S >= env.HEADERS_TIMEOUT_S, {
    path: ['REQUEST_TIMEOUT_S'],
    message: 'REQUEST_TIMEOUT_S must be at least HEADERS_TIMEOUT_S',
  });

/** How long a client may take, and how many may be connected at once. */
export interface HttpLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** Connections one address (an IPv6 /64) may hold; never more than maxConnections. */
  maxConnectionsPerAddress: number;
}

export interface ServerEnv {
  port: number;
  host: string;
  /** Extra Host names (ALLOWED_HOSTS), lowercased, each `name` or `name:port`. */
  allowedHosts: string[];
  limits: HttpLimits;
}

/** Reads the front-door variables; throws one message listing every bad one. */
export function parseServerEnv(
  env: Record<string, string | undefined>,
  defaults: { port: number },
): ServerEnv {
  const keys = Object.keys(serverEnvSchema.shape);
  const ours = Object.fromEntries(keys.map((key) => [key, env[key]]));
  const result = serverEnvSchema.safeParse(ours);
  if (!result.success) {
    throw new Error(`Invalid server configuration:\n${z.prettifyError(result.error)}`);
  }
  const e = result.data;
  return {
    port: e.PORT ?? defaults.port,
    host: e.HOST,
    allowedHosts: e.ALLOWED_HOSTS,
    limits: {
      headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_S * 1000),
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_S * 1000),
      keepAliveTimeoutMs: Math.round(e.KEEPALIVE_TIMEOUT_S * 1000),
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerAddress: Math.min(e.MAX_CONNECTIONS_PER_ADDRESS, e.MAX_CONNECTIONS),
    },
  };
}

/** The limits with every default, for tests and callers that don't read the environment. */
export function defaultLimits(): HttpLimits {
  return parseServerEnv({}, { port: 0 }).limits;
}
