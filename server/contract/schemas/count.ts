// Schemas of count (ours; docs/SERVICE.md, "count"): how many locations an area holds, against
// the maxcount summarize and the report weigh it by, so a client splits it before asking.
import { z } from '@hono/zod-openapi';

export const CountResponseSchema = z
  .object({
    locationcount: z.number().int().openapi({ description: 'Locations of the vintage inside' }),
    maxcount: z
      .number()
      .int()
      .openapi({ description: 'Most locations one summarize or report call may cover' }),
  })
  .openapi('AreaCount');
