// Lenient building blocks for the service's records. The reference service sends exact types;
// a real deployment may send numbers as numeric strings (and ids as numbers), so each field
// accepts the forms that mean the same value and normalises to one type.
import { z } from 'zod';

/** A finite number, also from a numeric string such as "25" or "0.2". */
export const numberLike = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'expected a number')
      .transform(Number),
  ])
  .pipe(z.number().finite());

/** An integer, also from "42". Location ids (10 digits) fit a double exactly. */
export const intLike = numberLike.pipe(z.number().int());

/** Text the service may send as a number (zip, vintage): kept as text. */
export const textLike = z.union([z.string(), z.number().transform(String)]);

/** Digits whose leading zeros matter (FRN): a numeric form is padded back to its width. */
export function digitsText(width: number) {
  return z.union([
    z.string(),
    z
      .number()
      .int()
      .nonnegative()
      .transform((n) => String(n).padStart(width, '0')),
  ]);
}

/** Text that may be absent or null (zip_suffix): kept as "" so the app shows nothing. */
export const textOrEmpty = textLike.nullish().transform((v) => v ?? '');

/** A 0/1 flag, also from a boolean or "0"/"1". */
export const flag = z
  .union([z.boolean().transform(Number), intLike])
  .pipe(z.union([z.literal(0), z.literal(1)]));

/** Six-digit vintage YYYYMM, as text. */
export const vintageText = textLike.pipe(z.string().regex(/^\d{6}$/, 'expected a YYYYMM vintage'));

/** The caller's key for one point or address, echoed back; null when none was sent. */
export const sourceKeySchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((k) => k ?? null);
