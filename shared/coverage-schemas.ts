// Zod schemas for the coverage operations' answers (docs/SERVICE.md, "Coverage operations"),
// lenient about the forms a real deployment sends. The web app parses answers with them; the
// app server checks upstream answers with them before caching.
import { normaliseMobileTechnology, type MobileTechnology } from './technology';
import * as z from './zod';
import { digitsText, flag, intLike, numberLike, textLike, vintageText } from './schema-primitives';

export const coverageVintagesSchema = z.array(vintageText);

export const fixedRecordSchema = z.object({
  // Numeric text per the spec; a number form is accepted and kept as text.
  location_id: textLike,
  provider_id: intLike,
  frn: digitsText(10),
  brand_name: z.string(),
  technology_code: intLike,
  max_advertised_download_speed: numberLike,
  max_advertised_upload_speed: numberLike,
  low_latency: flag,
  business_residential_code: z.enum(['R', 'B', 'X']),
  // Value set not published; the app does not depend on it.
  coverage: z.optional(intLike),
});
export type FixedRecord = z.output<typeof fixedRecordSchema>;
export const fixedRecordsSchema = z.array(fixedRecordSchema);

const mobileTechnologySchema = z.pipe(
  intLike,
  z.transform((code: number, ctx): MobileTechnology => {
    const technology = normaliseMobileTechnology(code);
    if (technology === null) {
      ctx.issues.push({
        code: 'custom',
        message: `unknown mobile technology ${code}`,
        input: code,
      });
      return z.NEVER;
    }
    return technology;
  }),
);

export const mobileRecordSchema = z.object({
  h3_res9_id: z.string(),
  frn: digitsText(10),
  providerid: intLike,
  brandname: z.string(),
  /** 3 = 3G, 4 = 4G LTE, 5 = 5G-NR, whichever coding the service used. */
  technology: mobileTechnologySchema,
  // Tiers such as 3G's 0.2/0.05 Mbps are not integers, whatever the spec's table says.
  mindown: numberLike,
  minup: numberLike,
  minsignal: numberLike,
  environment: flag,
});
export type MobileRecord = z.output<typeof mobileRecordSchema>;
export const mobileRecordsSchema = z.array(mobileRecordSchema);
