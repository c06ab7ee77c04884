// What "the same answer" means between two stores: the same records in the same order, the same
// keys in the same order (records reach the wire as the store builds them), equal values, except
// floating figures, which may differ by the stated tolerance of their kind.

/**
 * Tolerances, by the key that holds the number: coordinates (latitude, longitude, a place's
 * bbox) to the fabric's own precision (1e-7 degrees, about a centimetre), locate's distance to its rounding unit (a decimeter: a distance
 * computed in another engine may round the other way at .05), summary averages to their last
 * digit (rounded to 4 decimals) and summary sums to a relative 1e-9 (summed in another order).
 */
export const TOLERANCE = {
  degrees: 1e-7,
  meters: 0.1,
  average: 1e-4,
  sumRelative: 1e-9,
} as const;

function allowed(key: string, expected: number): number {
  if (key === 'latitude' || key === 'longitude' || key === 'bbox') return TOLERANCE.degrees;
  if (key === 'distancem') return TOLERANCE.meters + 1e-9;
  if (key.endsWith('_avg')) return TOLERANCE.average + 1e-12;
  if (key.endsWith('_sum')) return Math.abs(expected) * TOLERANCE.sumRelative;
  return 0;
}

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 160 ? `${s.slice(0, 157)}...` : s;
};

/** Every place where `actual` differs from `expected`, as "path: actual vs expected" lines. */
export function differences(actual: unknown, expected: unknown, path = '$', key = ''): string[] {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (actual === expected || Math.abs(actual - expected) <= allowed(key, expected)) return [];
    return [`${path}: ${actual} vs ${expected}`];
  }
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual))
      return [`${path}: ${show(actual)} vs ${show(expected)}`];
    const out: string[] = [];
    if (actual.length !== expected.length)
      out.push(`${path}: ${actual.length} items vs ${expected.length}`);
    const n = Math.min(actual.length, expected.length);
    for (let i = 0; i < n && out.length < 20; i++)
      out.push(...differences(actual[i], expected[i], `${path}[${i}]`, key));
    return out;
  }
  if (ArrayBuffer.isView(expected) || ArrayBuffer.isView(actual)) {
    const a = ArrayBuffer.isView(actual) ? [...new Uint8Array(actual.buffer)] : actual;
    const e = ArrayBuffer.isView(expected) ? [...new Uint8Array(expected.buffer)] : expected;
    return differences(a, e, path, key);
  }
  if (isObject(expected) && isObject(actual)) {
    // Refusals (testing/ask-both.ts) agree by their code; their messages are free.
    if ('refused' in expected && 'refused' in actual)
      return differences(actual.refused, expected.refused, `${path}.refused`);
    if ('refused' in actual || 'refused' in expected) {
      const said = (v: Record<string, unknown>) =>
        'refused' in v ? `refused (${show(v.message)})` : show(v);
      return [`${path}: ${said(actual)} vs ${said(expected)}`];
    }
    const ka = Object.keys(actual);
    const ke = Object.keys(expected);
    if (ka.join() !== ke.join()) return [`${path}: keys ${ka.join(',')} vs ${ke.join(',')}`];
    return ke.flatMap((k) => differences(actual[k], expected[k], `${path}.${k}`, k));
  }
  return Object.is(actual, expected) ? [] : [`${path}: ${show(actual)} vs ${show(expected)}`];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** One question put to both stores. */
export interface Asked<T> {
  what: string;
  actual: T;
  expected: T;
}

/** The questions whose answers differ, each named by its question and its first differences. */
export function disagreements<T>(asked: Asked<T>[], limit = 12): string[] {
  const out: string[] = [];
  for (const a of asked) {
    const d = differences(a.actual, a.expected);
    if (d.length > 0) out.push(`${a.what}\n    ${d.slice(0, 4).join('\n    ')}`);
    if (out.length >= limit) {
      out.push('(further disagreements not listed)');
      break;
    }
  }
  return out;
}
