// Building blocks shared by the route schemas: query/path parameters arrive as strings and
// are checked and converted here, with messages that name the rule.
import { z } from '@hono/zod-openapi';

export const VintageParam = z
  .string()
  .regex(/^\d{6}$/, { error: 'must be six digits (YYYYMM)' })
  .openapi({ param: { name: 'v', in: 'path' }, example: '202406' });

export const LayerParam = z
  .string()
  .openapi({ param: { name: 'layer', in: 'path' }, example: 'locations' });

/** A number as a query parameter may write it, once trimmed (the locate hot path reads it too). */
export const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function numberQuery(opts: { min: number; max: number; def?: number; example?: number }) {
  return z
    .string()
    .trim()
    .regex(NUMBER_TEXT, { error: 'must be a number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(opts.min, { error: `must be at least ${opts.min}` })
        .max(opts.max, { error: `must be at most ${opts.max}` }),
    )
    .openapi({
      type: 'number',
      minimum: opts.min,
      maximum: opts.max,
      ...(opts.def === undefined ? {} : { default: opts.def }),
      ...(opts.example === undefined ? {} : { example: opts.example }),
    });
}

export function integerQuery(opts: { min: number; max: number; example?: number }) {
  return z
    .string()
    .trim()
    .regex(/^[-+]?\d{1,16}$/, { error: 'must be an integer' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(opts.min, { error: `must be at least ${opts.min}` })
        .max(opts.max, { error: `must be at most ${opts.max}` }),
    )
    .openapi({ type: 'integer', minimum: opts.min, maximum: opts.max, example: opts.example });
}

/** location_id: a positive integer (10 digits in the fabric). */
export const locationIdQuery = () =>
  integerQuery({ min: 1, max: Number.MAX_SAFE_INTEGER, example: 1000000000 });

/** Comma-separated names: "a,b,c" → ["a","b","c"] (empties dropped). */
export function listQuery(opts: { max: number; example: string }) {
  return z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f.length > 0),
    )
    .pipe(
      z
        .array(z.string())
        .min(1, { error: 'must name at least one field' })
        .max(opts.max, { error: `must name at most ${opts.max} fields` }),
    )
    .openapi({ type: 'string', description: 'comma-separated field names', example: opts.example });
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'invalid_parameter' }),
      message: z.string().openapi({ example: 'neardistancem must be at most 100' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({
  content: { 'application/json': { schema: ErrorSchema } },
  description,
});

/** The error responses every operation may give, for the OpenAPI document. */
export const errorResponses = {
  400: errorResponse('invalid_parameter or invalid_geojson'),
  401: errorResponse('unauthorized'),
  404: errorResponse('unknown_vintage or not_found'),
  429: errorResponse('rate_limited (with Retry-After)'),
  500: errorResponse('internal'),
  503: errorResponse(
    'store_unavailable (the database cannot be reached now), service_busy or work_timeout; with Retry-After',
  ),
} as const;

export function jsonResponse<S extends z.ZodType>(schema: S, description: string) {
  return { content: { 'application/json': { schema } }, description };
}
