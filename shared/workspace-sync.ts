// The app's "Add to workspace" on the wire (docs/SERVICE.md, "The app server's workspace
// sync"): what to add, what it will cost, and where the sync is. The app server answers with
// these shapes and the web app parses them with the same schemas.
import * as z from './zod';

const position = z.array(z.number()).check(z.minLength(2), z.maxLength(3));
const ring = z
  .array(position)
  .check(z.minLength(4, { error: 'area: a ring needs at least 4 positions' }));

/** Exactly one of: counties by GEOID, a state by FIPS code, a drawn area (its counties). */
export const syncBodySchema = z
  .strictObject({
    counties: z.optional(
      z
        .array(
          z
            .string()
            .check(z.regex(/^\d{5}$/, { error: 'counties: each is a 5-digit county GEOID' })),
        )
        .check(
          z.minLength(1, { error: 'counties: name at least one county' }),
          z.maxLength(500, {
            error: 'counties: at most 500 at a time (a state is added with state)',
          }),
        ),
    ),
    state: z.optional(
      z.string().check(z.regex(/^\d{2}$/, { error: 'state: a 2-digit FIPS code' })),
    ),
    area: z.optional(
      z.discriminatedUnion('type', [
        z.object({
          type: z.literal('Polygon'),
          coordinates: z.array(ring).check(z.minLength(1)),
        }),
        z.object({
          type: z.literal('MultiPolygon'),
          coordinates: z.array(z.array(ring).check(z.minLength(1))).check(z.minLength(1)),
        }),
      ]),
    ),
  })
  .check(
    z.refine((b) => [b.counties, b.state, b.area].filter((x) => x !== undefined).length === 1, {
      error: 'give exactly one of counties, state or area',
    }),
  );
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

/**
 * Where a running sync is: sending its requests, then, with no request for a while, assembling
 * the workspace from the answers, checking it against a sample of upstream's answers (a few
 * requests), and (STORE=postgis) publishing it into the database.
 */
export const SYNC_STEPS = ['requests', 'assembling', 'checking', 'publishing'] as const;
export type SyncStep = (typeof SYNC_STEPS)[number];

export const syncJobSchema = z.object({
  state: z.enum(SYNC_STATES),
  /** "Sangamon County", "Illinois", "2 counties": what is being added. */
  what: z.nullable(z.string()),
  /** Requests sent of those planned (the estimate's, grown as the sync learns more). */
  requests: z.object({ done: z.number(), planned: z.number() }),
  credits: z.number(),
  /** Milliseconds left at the pace so far; null until known. */
  etaMs: z.nullable(z.number()),
  /** Where a running sync is; null when none runs. */
  step: z.nullable(z.enum(SYNC_STEPS)),
  /** Why it stopped, naming the operation and chunk (failed, cancelled). */
  message: z.nullable(z.string()),
  /** The last lines of its log. */
  log: z.array(z.string()),
});
export type SyncJob = z.output<typeof syncJobSchema>;
