// Lenient building blocks for the service's records. The reference service sends exact types;
// a real deployment may send numbers as numeric strings (and ids as numbers), so each field
// accepts the forms that mean the same value and normalises to one type.
import * as z from './zod';

/** A finite number, also from a numeric string such as "25" or "0.2". */
export const numberLike = z.pipe(
  z.union([
    z.number(),
    z.pipe(
      z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/, 'expected a number')),
      z.transform(Number),
    ),
  ]),
  // zod 4's number refuses Infinity and NaN: finite.
  z.number(),
);

/** An integer, also from "42". Location ids (10 digits) fit a double exactly. */
export const intLike = z.pipe(numberLike, z.number().check(z.int()));

/** Text the service may send as a number (zip, vintage): kept as text. */
export const textLike = z.union([z.string(), z.pipe(z.number(), z.transform(String))]);

/** Digits whose leading zeros matter (FRN): a numeric form is padded back to its width. */
export function digitsText(width: number) {
  return z.union([
    z.string(),
    z.pipe(
      z.number().check(z.int(), z.nonnegative()),
      z.transform((n: number) => String(n).padStart(width, '0')),
    ),
  ]);
}

/** Text that may be absent or null (zip_suffix): kept as "" so the app shows nothing. */
export const textOrEmpty = z.pipe(
  z.nullish(textLike),
  z.transform((v) => v ?? ''),
);

/** A 0/1 flag, also from a boolean or "0"/"1". */
export const flag = z.pipe(
  z.union([z.pipe(z.boolean(), z.transform(Number)), intLike]),
  z.union([z.literal(0), z.literal(1)]),
);

/** Six-digit vintage YYYYMM, as text. */
export const vintageText = z.pipe(
  textLike,
  z.string().check(z.regex(/^\d{6}$/, 'expected a YYYYMM vintage')),
);

/** The caller's key for one point or address, echoed back; null when none was sent. */
export const sourceKeySchema = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((k) => k ?? null),
);
