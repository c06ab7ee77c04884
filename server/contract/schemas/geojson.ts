// The summarize body: GeoJSON Polygon, MultiPolygon, a Feature of one, or a FeatureCollection
// of those. Structure is checked here; geometric rules (closed rings, ranges, self-crossings)
// in http/area.ts, which needs the whole ring at once.
import { z } from '@hono/zod-openapi';

const Position = z
  .array(z.number())
  .min(2)
  .max(3)
  .openapi({ description: '[longitude, latitude]' });
const PolygonCoordinates = z.array(z.array(Position)).min(1);

export const PolygonGeometry = z.object({
  type: z.literal('Polygon'),
  coordinates: PolygonCoordinates,
});
export const MultiPolygonGeometry = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(PolygonCoordinates).min(1),
});
const AreaGeometry = z.discriminatedUnion('type', [PolygonGeometry, MultiPolygonGeometry]);

const AreaFeature = z.object({
  type: z.literal('Feature'),
  geometry: AreaGeometry,
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
});

export const AreaGeoJson = z
  .discriminatedUnion('type', [
    PolygonGeometry,
    MultiPolygonGeometry,
    AreaFeature,
    z.object({ type: z.literal('FeatureCollection'), features: z.array(AreaFeature).min(1) }),
  ])
  .openapi('AreaGeoJson', {
    description:
      'Polygon, MultiPolygon, Feature of one, or FeatureCollection of them (holes respected)',
  });

export type AreaGeoJson = z.infer<typeof AreaGeoJson>;
