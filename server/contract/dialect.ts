// Which names the service answers with where the seed and the real service's published guides
// disagree (docs/SERVICE.md, "Dialects"): `both` (the default) serves real clients and seed clients
// at once; `published` and `seed` serve one set only, so a test can prove that a client
// depends on neither. The store keeps one internal shape; only the HTTP layer renders it.
import { z } from 'zod';

export const DIALECTS = ['published', 'seed', 'both'] as const;
export type Dialect = (typeof DIALECTS)[number];
export const DEFAULT_DIALECT: Dialect = 'both';

const DialectSchema = z.enum(DIALECTS);

/** SERVICE_DIALECT as a Dialect (unset or empty: both). Throws naming the allowed values. */
export function dialectFromEnv(value: string | undefined): Dialect {
  if (value === undefined || value.trim() === '') return DEFAULT_DIALECT;
  const parsed = DialectSchema.safeParse(value.trim().toLowerCase());
  if (!parsed.success) {
    throw new Error(`SERVICE_DIALECT must be one of ${DIALECTS.join(', ')}, got "${value}"`);
  }
  return parsed.data;
}

/** Whether answers carry the published names (cqaversion, firstcqaversion, {layername}). */
export const speaksPublished = (d: Dialect): boolean => d !== 'seed';
