// Text files written line by line with backpressure, never as one giant string: the 1M fabric's
// files run to hundreds of megabytes. A sink may write into a zip archive (one entry), as the
// public BDC availability files come zipped.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { basename } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';

const FLUSH_CHARS = 1 << 16;

export class LineSink {
  private pending: string[] = [];
  private chars = 0;
  lines = 0;

  private constructor(
    private readonly out: Writable,
    private readonly done: Promise<unknown>,
  ) {}

  /** A plain file, or with `zipEntry` a zip archive at `path` holding one entry of that name. */
  static open(path: string, zipEntry?: string): LineSink {
    const file = createWriteStream(path);
    const finished = once(file, 'finish');
    if (!zipEntry) return new LineSink(file, finished);
    const zip = new yazl.ZipFile();
    const entry = new PassThrough();
    zip.addReadStream(entry, basename(zipEntry), { mtime: new Date(0) });
    zip.outputStream.pipe(file);
    zip.end();
    return new LineSink(entry, finished);
  }

  async line(text: string): Promise<void> {
    this.pending.push(text);
    this.chars += text.length + 1;
    this.lines++;
    if (this.chars >= FLUSH_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('\n') + '\n';
    this.pending = [];
    this.chars = 0;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** Writes the rest and waits until the file is on disk. */
  async close(): Promise<void> {
    await this.flush();
    this.out.end();
    await this.done;
  }
}

/** A CSV field: quoted only when it holds a comma, a quote or a line break. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
