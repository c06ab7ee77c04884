// The two records that carry the service's fabric release number. The real service publishes
// it as `cqaversion` (a string such as "9"; history as firstcqaversion/lastcqaversion); the
// seed contract calls it `svcversion` (a number). Either name, or both, is read into one
// numeric `version` so the rest of the app never depends on which dialect answered.
import { intLike, textLike, vintageText } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';

/** A release number under either name; null counts as absent. */
const versionLike = z.pipe(
  z.nullish(intLike),
  z.transform((v) => v ?? undefined),
);

/**
 * The one release number sent as `published` and/or `seed`. Both absent, or both present and
 * different, is refused with an issue that names the fields: guessing would put a location in
 * the wrong releases of its history.
 */
function eitherVersion(
  ctx: z.core.ParsePayload,
  published: [name: string, value: number | undefined],
  seed: [name: string, value: number | undefined],
): number {
  const [pName, pValue] = published;
  const [sName, sValue] = seed;
  if (pValue === undefined && sValue === undefined) {
    ctx.issues.push({
      code: 'custom',
      path: [pName],
      message: `needs ${pName} or ${sName}`,
      input: ctx.value,
    });
    return z.NEVER;
  }
  if (pValue !== undefined && sValue !== undefined && pValue !== sValue) {
    const message = `${pName} ${pValue} and ${sName} ${sValue} disagree`;
    ctx.issues.push({ code: 'custom', path: [pName], message, input: ctx.value });
    return z.NEVER;
  }
  return (pValue ?? sValue) as number;
}

export const fabricVintageSchema = z.pipe(
  z.object({
    vintage: vintageText,
    cqaversion: versionLike,
    svcversion: versionLike,
    fccversion: textLike,
    fccrelease: textLike,
    // Published as "5_1", or null for a release without one; the seed does not send it.
    ntiaversion: z.pipe(
      z.nullish(textLike),
      z.transform((v) => v ?? null),
    ),
    // "june2024", "dec2024": a name only, never parsed (the app labels vintages itself).
    vintagename: z.string(),
  }),
  z.transform(({ cqaversion, svcversion, ...rest }, ctx) => ({
    ...rest,
    version: eitherVersion(ctx, ['cqaversion', cqaversion], ['svcversion', svcversion]),
  })),
);
export type FabricVintage = z.output<typeof fabricVintageSchema>;
export const fabricVintagesSchema = z.array(fabricVintageSchema);

export const historyRecordSchema = z.pipe(
  z.object({
    location_id: intLike,
    firstcqaversion: versionLike,
    lastcqaversion: versionLike,
    firstsvcversion: versionLike,
    lastsvcversion: versionLike,
    // Absent, null, "" and 0 all mean "no equivalent" (location ids start at 1,000,000,000).
    re_location_id: z.pipe(
      z.nullish(z.union([intLike, z.literal('')])),
      z.transform((id) => (typeof id === 'number' && id > 0 ? id : null)),
    ),
  }),
  z.transform((r, ctx) => ({
    location_id: r.location_id,
    firstversion: eitherVersion(
      ctx,
      ['firstcqaversion', r.firstcqaversion],
      ['firstsvcversion', r.firstsvcversion],
    ),
    lastversion: eitherVersion(
      ctx,
      ['lastcqaversion', r.lastcqaversion],
      ['lastsvcversion', r.lastsvcversion],
    ),
    re_location_id: r.re_location_id,
  })),
);
export type HistoryRecord = z.output<typeof historyRecordSchema>;
export const historyRecordsSchema = z.array(historyRecordSchema);
