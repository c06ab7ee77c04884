// The Python wire format against outputs Python gives (CPython 3.12: json.dumps and
// urllib.parse.urlencode, written out here by hand from their rules).
import { describe, expect, it } from 'vitest';
import { PyFloat, pythonFloatRepr, pythonJsonDumps, pythonUrlencode } from './python-wire-format';

describe('pythonJsonDumps (json.dumps as requests sends json=)', () => {
  it.each([
    [[1, 2], '[1, 2]'],
    [{ a: 1, b: 'x' }, '{"a": 1, "b": "x"}'],
    [[], '[]'],
    [{}, '{}'],
    [{ k: null, t: true, f: false }, '{"k": null, "t": true, "f": false}'],
    [[0, -7, 12345678901], '[0, -7, 12345678901]'],
    ['Café Zürich', '"Caf\\u00e9 Z\\u00fcrich"'],
    ['😀', '"\\ud83d\\ude00"'],
    ['a"b\\c\n\t\u007f/\u0001', '"a\\"b\\\\c\\n\\t\\u007f/\\u0001"'],
    [
      { sourcekey: 'row 1', latitude: 39.78123, longitude: -89.65, res: 4 },
      '{"sourcekey": "row 1", "latitude": 39.78123, "longitude": -89.65, "res": 4}',
    ],
    [
      {
        type: 'Polygon',
        coordinates: [
          [
            [-89.7, 39.7],
            [-89.6, 39.7],
            [-89.7, 39.7],
          ],
        ],
      },
      '{"type": "Polygon", "coordinates": [[[-89.7, 39.7], [-89.6, 39.7], [-89.7, 39.7]]]}',
    ],
  ])('%j', (value, python) => {
    expect(pythonJsonDumps(value)).toBe(python);
  });

  it('writes floats as repr does: exponents below 1e-4 and from 1e16, ".0" on whole floats', () => {
    // A whole JavaScript number is a Python int; PyFloat marks the whole floats.
    const big = [1e16, 1.2345678901234568e17, 1e300].map((x) => new PyFloat(x));
    const floats = [new PyFloat(1), 0.1, big[0]!, 1e-5, 0.0001, -0, big[1]!, big[2]!];
    floats.push(new PyFloat(1e15), 2.5e-7, 0.1 + 0.2, -123.456);
    expect(pythonJsonDumps(floats)).toBe(
      '[1.0, 0.1, 1e+16, 1e-05, 0.0001, -0.0, 1.2345678901234568e+17, ' +
        '1e+300, 1000000000000000.0, 2.5e-07, 0.30000000000000004, -123.456]',
    );
    expect(pythonFloatRepr(9999999999999998)).toBe('9999999999999998.0');
    expect(pythonJsonDumps([1e16, 2 ** 64])).toBe('[10000000000000000, 18446744073709551616]');
  });

  it('refuses NaN and infinities, as requests does (allow_nan=False)', () => {
    expect(() => pythonJsonDumps([Number.NaN])).toThrow(/NaN/);
    expect(() => pythonJsonDumps({ x: Number.POSITIVE_INFINITY })).toThrow(/Infinity/);
  });
});

describe('pythonUrlencode (urllib.parse.urlencode, quote_plus of str() of each value)', () => {
  it.each([
    [{ uuid: '5d4c3b2a-0000-4000-8000-000000000001' }, 'uuid=5d4c3b2a-0000-4000-8000-000000000001'],
    [
      {
        sourcekey: 'Parcel 17 / east',
        latitude: 39.78,
        longitude: -89.65,
        res: 4,
        h3: '842664dffffffff',
      },
      'sourcekey=Parcel+17+%2F+east&latitude=39.78&longitude=-89.65&res=4&h3=842664dffffffff',
    ],
    [{ text: '1201 Oak St, Springfield, IL 62704' }, 'text=1201+Oak+St%2C+Springfield%2C+IL+62704'],
    [{ k: "O'Brien (x)*!~_.-" }, 'k=O%27Brien+%28x%29%2A%21~_.-'],
    [{ city: 'Café' }, 'city=Caf%C3%A9'],
    [{ a: null, b: true, c: 1e-5, d: new PyFloat(2) }, 'a=None&b=True&c=1e-05&d=2.0'],
    [{ q: 'a+b&c=d#e' }, 'q=a%2Bb%26c%3Dd%23e'],
    [{ 'field name': 'x' }, 'field+name=x'],
  ])('%j', (params, python) => {
    expect(pythonUrlencode(params)).toBe(python);
  });
});
