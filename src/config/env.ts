// Client configuration from Vite's `import.meta.env`. Parsed once at start-up so a misspelt
// or malformed VITE_ variable stops the app with a message instead of silently falling back.
import * as z from '../../shared/zod';

const emptyToUndefined = z.transform((value: unknown) => (value === '' ? undefined : value));

export const clientEnvSchema = z.strictObject({
  /** An online MapLibre style URL replacing the offline default style. */
  VITE_BASEMAP_STYLE: z.pipe(
    emptyToUndefined,
    z.optional(z.url({ protocol: /^https?$/, error: 'VITE_BASEMAP_STYLE must be an http(s) URL' })),
  ),
  /** Where the app server mounts the service; the browser never talks to it directly. */
  VITE_API_BASE: z.pipe(
    emptyToUndefined,
    z._default(
      z
        .string()
        .check(
          z.regex(
            /^(\/|https?:\/\/)/,
            'VITE_API_BASE must be a path starting with / or an http(s) URL',
          ),
        ),
      '/api',
    ),
  ),
});

export type ClientEnv = z.output<typeof clientEnvSchema>;

/**
 * Reads the VITE_-prefixed keys only (Vite adds MODE, DEV, ... which are not ours). Unknown
 * VITE_ keys are refused: a typo such as VITE_BASEMAP_STYEL would otherwise be ignored.
 */
export function parseClientEnv(raw: Record<string, unknown>): ClientEnv {
  const ours = Object.fromEntries(Object.entries(raw).filter(([key]) => key.startsWith('VITE_')));
  const result = clientEnvSchema.safeParse(ours);
  if (!result.success) {
    throw new Error(`Invalid client configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export const env: ClientEnv = parseClientEnv(import.meta.env);
