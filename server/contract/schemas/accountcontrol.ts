// Schemas of the account operations (docs/REAL-API.md): the official client reads listapis when it
// starts, to choose between per-item GETs and bulk POSTs and to size its chunks.
import { z } from '@hono/zod-openapi';

export const ApiRowSchema = z
  .object({
    api: z.string().openapi({ example: 'fabric' }),
    operation: z.string().openapi({ example: 'bulk' }),
    method: z.enum(['GET', 'POST']),
    credits: z.number().int().openapi({ description: 'Credits one call costs', example: 50 }),
    maxrequest: z.number().int().openapi({
      description: 'Items one call takes (the chunk size of a bulk POST)',
      example: 1000,
    }),
  })
  .openapi('ApiRow');

const counts = {
  calls: z.number().int().openapi({ description: 'Authenticated calls' }),
  refused: z.number().int().openapi({ description: 'Calls answered with an error (no credits)' }),
  credits: z.number().int(),
};

export const UsageSchema = z
  .object({
    account: z
      .string()
      .openapi({ description: 'A digest of the token (never the token), or anonymous' }),
    since: z.string().openapi({ description: 'When counting started (the service started)' }),
    ...counts,
    operations: z.array(
      z.object({ api: z.string(), operation: z.string(), method: z.string(), ...counts }),
    ),
  })
  .openapi('Usage');
