// Schemas of the geography operations the real service's clients call (docs/REAL-API.md): the H3
// cell of each of a list of points, and Census boundaries by GEOID.
import { z } from '@hono/zod-openapi';
import { integerQuery } from './common';
import { coordinate, sourcekeyBody } from './locate';

/** Points one h3assign call takes (listapis publishes it as maxrequest). */
export const MAX_H3ASSIGN_POINTS = 10_000;

const resolution = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\s*\d{1,2}\s*$/)
        .transform(Number),
    ],
    {
      error: 'must be an integer from 0 to 15',
    },
  )
  .pipe(
    z
      .number()
      .int({ error: 'must be an integer from 0 to 15' })
      .min(0, { error: 'must be at least 0' })
      .max(15, { error: 'must be at most 15' }),
  )
  .openapi({ type: 'integer', minimum: 0, maximum: 15, example: 4 });

export const H3AssignQuery = z.object({
  res: integerQuery({ min: 0, max: 15, example: 4 })
    .optional()
    .openapi({ description: 'H3 resolution for every point that gives none of its own' }),
});

const H3AssignPoint = z.looseObject({
  sourcekey: sourcekeyBody,
  latitude: coordinate('latitude', -90, 90),
  longitude: coordinate('longitude', -180, 180),
  res: resolution.optional(),
});

export const H3AssignBody = z
  .array(H3AssignPoint, { error: 'must be an array of {sourcekey, latitude, longitude, res?}' })
  .max(MAX_H3ASSIGN_POINTS, { error: `must hold at most ${MAX_H3ASSIGN_POINTS} points` })
  .openapi('H3AssignRequest', {
    description: `Up to ${MAX_H3ASSIGN_POINTS} points; other keys are kept and echoed`,
  });

export const H3AssignRecordSchema = z
  .looseObject({
    sourcekey: z.union([z.string(), z.number()]).nullable().optional(),
    latitude: z.number(),
    longitude: z.number(),
    res: z.number().int(),
    h3: z.string().openapi({ example: '842664dffffffff' }),
  })
  .openapi('H3AssignRecord');

export const BoundaryParams = z.object({
  kind: z
    .enum(['counties', 'states'], { error: 'must be counties or states' })
    .openapi({ param: { name: 'kind', in: 'path' }, example: 'counties' }),
});

export const BoundaryQuery = z.object({
  id: z
    .string()
    .openapi({ description: 'GEOID: 5 digits for a county, 2 for a state', example: '17167' }),
});

export const BoundaryFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.string(),
    properties: z.object({ GEOID: z.string(), name: z.string() }),
    geometry: z.object({
      type: z.enum(['Polygon', 'MultiPolygon']),
      coordinates: z.array(z.unknown()),
    }),
  })
  .openapi('BoundaryFeature');
