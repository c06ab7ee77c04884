// The app's "Add to workspace" on the wire (docs/SERVICE.md, "The app server's workspace
// sync"): what to add, what it will cost, and where the sync is. The app server answers with
// these shapes and the web app parses them with the same schemas.
import { z } from 'zod';

const position = z.array(z.number()).min(2).max(3);
const ring = z.array(position).min(4, { error: 'area: a ring needs at least 4 positions' });

/** Exactly one of: counties by GEOID, a state by FIPS code, a drawn area (its counties). */
export const syncBodySchema = z
  .strictObject({
    counties: z
      .array(z.string().regex(/^\d{5}$/, { error: 'counties: each is a 5-digit county GEOID' }))
      .min(1, { error: 'counties: name at least one county' })
      .max(500, { error: 'counties: at most 500 at a time (a state is added with state)' })
      .optional(),
    state: z
      .string()
      .regex(/^\d{2}$/, { error: 'state: a 2-digit FIPS code' })
      .optional(),
    area: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) }),
        z.object({
          type: z.literal('MultiPolygon'),
          coordinates: z.array(z.array(ring).min(1)).min(1),
        }),
      ])
      .optional(),
  })
  .refine((b) => [b.counties, b.state, b.area].filter((x) => x !== undefined).length === 1, {
    error: 'give exactly one of counties, state or area',
  });
export type SyncBody = z.output<typeof syncBodySchema>;

const counts = z.record(z.string(), z.number());

export const syncEstimateSchema = z.object({
  counties: z.array(z.object({ geoid: z.string(), name: z.string(), added: z.boolean() })),
  fabricVintages: z.array(z.string()),
  coverageVintages: z.array(z.string()),
  locations: counts,
  requests: counts,
  exact: z.boolean(),
  credits: z.number(),
  minutes: z.number(),
  spent: z.object({ requests: counts, credits: z.number() }),
});
export type SyncEstimateAnswer = z.output<typeof syncEstimateSchema>;

export const SYNC_STATES = [
  'idle',
  'estimating',
  'running',
  'cancelled',
  'failed',
  'done',
] as const;

export const syncJobSchema = z.object({
  state: z.enum(SYNC_STATES),
  /** "Sangamon County", "Illinois", "2 counties": what is being added. */
  what: z.string().nullable(),
  /** Requests sent of those planned (the estimate's, grown as the sync learns more). */
  requests: z.object({ done: z.number(), planned: z.number() }),
  credits: z.number(),
  /** Milliseconds left at the pace so far; null until known. */
  etaMs: z.number().nullable(),
  /** Why it stopped, naming the operation and chunk (failed, cancelled). */
  message: z.string().nullable(),
  /** The last lines of its log. */
  log: z.array(z.string()),
});
export type SyncJob = z.output<typeof syncJobSchema>;
