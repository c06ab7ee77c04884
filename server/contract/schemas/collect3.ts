// Schemas of collect3 (docs/REAL-API.md, "What the official client sends": the official client's
// `collect`): a GeoJSON area in, the uuids inside or the bodies to post next out.
import { z } from '@hono/zod-openapi';
import { AreaGeoJson } from './geojson';

export const ContinuationBody = z
  .object({
    type: z.literal('Feature'),
    properties: z.object({
      continuation: z.string().openapi({ description: 'Opaque; post the whole body unchanged' }),
    }),
    geometry: z.object({
      type: z.literal('MultiPolygon'),
      coordinates: z.array(z.array(z.array(z.array(z.number())))),
    }),
  })
  .openapi('CollectContinuationBody', {
    description: 'The area as a MultiPolygon Feature, with the part to answer next',
  });

export const CollectResponseSchema = z
  .object({
    data: z.array(z.string()).openapi({ description: 'uuids of the features inside (this part)' }),
    continuations: z
      .array(z.object({ body: ContinuationBody }))
      .openapi({ description: 'Bodies to post next; when there are any, data is empty' }),
  })
  .openapi('CollectResponse');

export { AreaGeoJson as CollectRequestSchema };
