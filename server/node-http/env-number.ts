// Numbers read from the environment by every server setting (the front door, the worker pool,
// the store): an empty value is unset, and a malformed one stops the server with a message
// naming the variable and its rule, never a silent fallback.
import { z } from 'zod';

export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A whole number from min to max; the caller makes it optional or gives its default. */
export function wholeNumber(name: string, min: number, max: number) {
  const rule = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: rule })
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, rule);
}

/** A whole-number variable from min to max, `def` when unset. */
export function wholeNumberEnv(name: string, min: number, max: number, def: number) {
  return z.preprocess(emptyToUndefined, wholeNumber(name, min, max).default(def));
}

/** A number of seconds greater than 0 and at most max, `def` when unset. */
export function secondsEnv(name: string, def: number, max: number) {
  const rule = `${name} must be a number of seconds greater than 0 and at most ${max}`;
  return z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: rule })
      .refine((n) => Number.isFinite(n) && n > 0 && n <= max, rule)
      .default(def),
  );
}
