// Reads a published CSV record by record (streamed, never the whole file in memory): the header
// must be exactly the layout's, every record is handed over with its line number, and the
// damage a file can carry is named: another delimiter, a truncated end, malformed records.
import type { Readable } from 'node:stream';
import { csvBatches } from './csv-records';

export class FileRefused extends Error {}

export interface CsvRecordSink {
  /** A record with the layout's number of fields: a reject reason, or null when it is kept. */
  record(fields: string[], line: number): string | null;
  reject(line: number, reason: string): void;
  /** Called after each batch of records: the place to wait for the database. */
  batchDone(bytes: number): Promise<void>;
}

const OTHER_DELIMITERS: [string, string][] = [
  [';', 'semicolons'],
  ['\t', 'tabs'],
  ['|', 'vertical bars'],
];

function checkHeader(found: string[], expected: readonly string[], name: string): void {
  const header = found.map((h) => h.trim());
  if (header.length === 1) {
    for (const [d, word] of OTHER_DELIMITERS) {
      if (header[0].split(d).length >= expected.length / 2) {
        throw new FileRefused(
          `${name}: the header is separated by ${word}, not commas; the published layout is comma-separated`,
        );
      }
    }
  }
  if (header.length === expected.length && header.every((h, k) => h === expected[k])) return;
  const missing = expected.filter((c) => !header.includes(c));
  const unexpected = header.filter((c) => !expected.includes(c));
  const detail = [
    missing.length ? `missing ${missing.join(', ')}` : '',
    unexpected.length ? `unexpected ${unexpected.join(', ')}` : '',
    !missing.length && !unexpected.length ? 'the same columns in another order' : '',
  ]
    .filter(Boolean)
    .join('; ');
  throw new FileRefused(
    `${name}: wrong header (${detail}); expected exactly: ${expected.join(',')}`,
  );
}

/** Reads every record into `sink`; returns how many records (header and blank lines aside). */
export async function readCsv(
  stream: Readable,
  expected: readonly string[],
  name: string,
  sink: CsvRecordSink,
): Promise<number> {
  let header = false;
  let records = 0;
  for await (const batch of csvBatches(stream)) {
    let lastBad: { line: number; reason: string } | null = null;
    for (const m of batch.malformed) {
      records++;
      sink.reject(m.line, m.reason);
      lastBad = m;
    }
    for (let k = 0; k < batch.records.length; k++) {
      const fields = batch.records[k];
      const line = batch.lines[k];
      if (!header) {
        checkHeader(fields, expected, name);
        header = true;
        continue;
      }
      if (fields.length === 1 && fields[0] === '') continue; // a blank line
      records++;
      const reason =
        fields.length !== expected.length
          ? `has ${fields.length} fields, expected ${expected.length}`
          : sink.record(fields, line);
      if (reason) {
        sink.reject(line, reason);
        lastBad = { line, reason };
      } else {
        lastBad = null;
      }
    }
    // A record that no line break ends and that does not read whole: the file was cut short.
    if (batch.unterminated && lastBad) {
      throw new FileRefused(
        `${name}: the file ends in the middle of a record (line ${lastBad.line}: ${lastBad.reason}); it looks truncated`,
      );
    }
    await sink.batchDone(batch.bytes);
  }
  if (!header) {
    throw new FileRefused(`${name}: the file is empty; expected the header ${expected.join(',')}`);
  }
  return records;
}
