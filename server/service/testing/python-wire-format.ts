// The bytes Python puts on the wire for the service's official client: bodies from requests'
// `json=` (json.dumps with its default ", " and ": " separators and ensure_ascii, NaN refused
// as requests refuses it) and query strings from urllib.parse.urlencode (quote_plus of str()
// of each value). A test that sends these sends what the client sends, not what a JavaScript
// client would.

/** A Python float whose value is whole (JavaScript cannot tell 1.0 from 1): dumps as "1.0". */
export class PyFloat {
  constructor(readonly value: number) {}
}

export type PyValue =
  | null
  | boolean
  | number
  | string
  | PyFloat
  | readonly PyValue[]
  | { readonly [key: string]: PyValue };

/**
 * Python's repr of a float: the shortest digits that read back (as JavaScript's), written
 * positionally for exponents -5 < e < 16 with at least one decimal ("1.0", "0.0001"), else as
 * d.ddde±XX ("1e-05", "1e+16").
 */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, exp] = x.toExponential().split('e') as [string, string];
  const e = Number(exp);
  if (e < -4 || e >= 16) {
    return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, '0');
  return `${sign}${whole}.${digits.slice(e + 1) || '0'}`;
}

/** str() of a number: a whole JavaScript number stands for a Python int, any other for a float. */
function pythonNumber(x: number): string {
  if (Number.isInteger(x) && !Object.is(x, -0)) return BigInt(x).toString();
  return pythonFloatRepr(x);
}

/** json.dumps' ensure_ascii: everything outside printable ASCII as \uXXXX (surrogates as pairs). */
function pythonJsonString(s: string): string {
  return JSON.stringify(s).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * json.dumps(value) as requests sends it. Keys keep insertion order, as a Python dict does
 * (JavaScript lists integer-like keys first: give such dicts no integer-like keys).
 */
export function pythonJsonDumps(value: PyValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return pythonJsonString(value);
  const n = typeof value === 'number' ? value : value instanceof PyFloat ? value.value : null;
  if (n !== null) {
    if (!Number.isFinite(n)) throw new Error(`requests refuses ${n} in a JSON body`);
    return value instanceof PyFloat ? pythonFloatRepr(n) : pythonNumber(n);
  }
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  const entries = Object.entries(value as Record<string, PyValue>);
  return `{${entries.map(([k, v]) => `${pythonJsonString(k)}: ${pythonJsonDumps(v)}`).join(', ')}}`;
}

/** str(value) as urlencode takes it: None, True and False by their Python names. */
function pythonStr(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return pythonNumber(value);
  if (value instanceof PyFloat) return pythonFloatRepr(value.value);
  throw new Error('urlencode of a list or dict value is not what the client sends');
}

/** quote_plus: letters, digits and "_.-~" as they are, space as "+", the rest as UTF-8 %XX. */
function quotePlus(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** urllib.parse.urlencode(dict). */
export function pythonUrlencode(params: Readonly<Record<string, PyValue>>): string {
  return Object.entries(params)
    .map(([k, v]) => `${quotePlus(k)}=${quotePlus(pythonStr(v))}`)
    .join('&');
}
