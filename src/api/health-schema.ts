// Zod schema for the app server's /api/health answer: the backend and its vintages.
import { z } from 'zod';
import { vintageText } from '../../shared/schema-primitives';

export const healthSchema = z.object({
  /** "embedded" for the reference service inside the app server, else the upstream host. */
  backend: z.string(),
  label: z.string(),
  // The backend's /fabric/vintages records as it sent them, in either dialect (cqaversion or
  // svcversion), or bare vintages: only the vintage is read here, so neither name is required.
  fabricVintages: z.array(
    z
      .union([vintageText, z.object({ vintage: vintageText })])
      .transform((v) => (typeof v === 'string' ? v : v.vintage)),
  ),
  coverageVintages: z.array(vintageText),
  version: z.string(),
});
export type Health = z.output<typeof healthSchema>;
