// The refusal of an area holding more locations than one call may count (summarize and the
// report): 422 maxcount_exceeded, its counts both in details and beside the error, as the
// published summarize answers them.
import { z } from '@hono/zod-openapi';

export const MaxcountErrorSchema = z
  .object({
    error: z.object({
      code: z.literal('maxcount_exceeded'),
      message: z.string(),
      locationcount: z.number().int(),
      maxcount: z.number().int(),
      details: z.object({ locationcount: z.number().int(), maxcount: z.number().int() }),
    }),
    locationcount: z.number().int(),
    maxcount: z.number().int(),
  })
  .openapi('MaxcountExceeded');
