// The bytes of a CSV file, plain or zipped (the public BDC downloads are zips of one CSV), as a
// stream, with the sizes the progress bar and the ledger need.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { FileRefused } from './read-csv';

export interface FileSource {
  /** Bytes on disk (what the ledger records). */
  bytes: number;
  /** Bytes of CSV text the stream will give (the entry's size when zipped). */
  textBytes: number;
  /** The CSV's own name: the zip entry's, else the file's. */
  entryName: string;
  stream: Readable;
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

/** The one CSV entry of a zip archive; anything else in it is an error. */
async function zipEntry(path: string): Promise<{ zip: yauzl.ZipFile; entry: yauzl.Entry }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (err) {
    throw new FileRefused(
      `${basename(path)} is not a complete zip archive (truncated?): ${(err as Error).message}`,
      { cause: err },
    );
  }
  const csvs: yauzl.Entry[] = await new Promise((resolve, reject) => {
    const found: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (/\.csv$/i.test(entry.fileName)) found.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(found));
    zip.once('error', reject);
    zip.readEntry();
  });
  if (csvs.length !== 1) {
    zip.close();
    throw new FileRefused(
      `${basename(path)} holds ${csvs.length} CSV files; an availability zip holds exactly one`,
    );
  }
  return { zip, entry: csvs[0] };
}

export async function openFileSource(path: string): Promise<FileSource> {
  const { size } = await stat(path);
  if (!/\.zip$/i.test(path)) {
    return { bytes: size, textBytes: size, entryName: path, stream: createReadStream(path) };
  }
  const { zip, entry } = await zipEntry(path);
  const stream: Readable = await new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
  );
  stream.once('close', () => zip.close());
  return { bytes: size, textBytes: entry.uncompressedSize, entryName: entry.fileName, stream };
}

/** SHA-256 of a file's bytes, to tell a file already loaded from a changed one. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
