// Zod schema for the app server's /api/health answer: the backend, what it can serve, and its
// vintages.
import { capabilitiesSchema, NO_VIEWS } from '../../shared/capabilities';
import { vintageText } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';

export const healthSchema = z.object({
  /** "embedded" for the reference service inside the app server, else the upstream host. */
  backend: z.string(),
  label: z.string(),
  /**
   * Where the data comes from and which of this project's own views the backend serves. An app
   * server from before it was named reads as an upstream host with none of them.
   */
  capabilities: z.optional(capabilitiesSchema),
  // The backend's /fabric/vintages records as it sent them, in either dialect (cqaversion or
  // svcversion), or bare vintages: only the vintage is read here, so neither name is required.
  fabricVintages: z.array(
    z.pipe(
      z.union([vintageText, z.object({ vintage: vintageText })]),
      z.transform((v) => (typeof v === 'string' ? v : v.vintage)),
    ),
  ),
  coverageVintages: z.array(vintageText),
  version: z.string(),
});
export type Health = z.output<typeof healthSchema>;

/** The capabilities of an answer, with the safe reading for one that does not say them. */
export function capabilitiesOf(health: Health) {
  return (
    health.capabilities ?? {
      data: { kind: 'upstream' as const, host: health.backend },
      views: NO_VIEWS,
    }
  );
}
