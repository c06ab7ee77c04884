// The CSV reader the importers stream files through: quoting, line numbers and damaged ends,
// whatever the chunk boundaries of the stream.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvBatches } from './csv-records';

async function read(text: string, chunk = 1 << 16) {
  const bytes = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const records: [number, string[]][] = [];
  const malformed: [number, string][] = [];
  let unterminated = false;
  for await (const b of csvBatches(Readable.from(parts))) {
    b.records.forEach((r, k) => records.push([b.lines[k], r]));
    for (const m of b.malformed) malformed.push([m.line, m.reason]);
    unterminated ||= b.unterminated && b.records.length + b.malformed.length > 0;
  }
  return { records, malformed, unterminated };
}

const SAMPLE = '\uFEFFa,b,c\r\n1,"Smith, ""Jr""",x\r\n2,"two\nlines",y\n3,,z\n4,"bad"x,w\n5,ok,v\n';

describe('csvBatches', () => {
  it.each([1, 3, 7, 1 << 16])(
    'reads quotes, CRLF, BOM and multi-line fields in chunks of %i bytes',
    async (chunk) => {
      const { records, malformed, unterminated } = await read(SAMPLE, chunk);
      expect(records).toEqual([
        [1, ['a', 'b', 'c']],
        [2, ['1', 'Smith, "Jr"', 'x']],
        [3, ['2', 'two\nlines', 'y']],
        [5, ['3', '', 'z']],
        [7, ['5', 'ok', 'v']],
      ]);
      expect(malformed).toEqual([[6, expect.stringContaining('text after a closing quote')]]);
      expect(unterminated).toBe(false);
    },
  );

  it('marks a last record that no line break ends, and an unclosed quote as malformed', async () => {
    expect((await read('a,b\n1,2\n3,4')).unterminated).toBe(true);
    const cut = await read('a,b\n1,2\n3,"fou', 2);
    expect(cut.unterminated).toBe(true);
    expect(cut.malformed).toEqual([[3, 'malformed CSV: a quoted field is never closed']]);
  });
});
