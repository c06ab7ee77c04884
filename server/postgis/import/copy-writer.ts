// Rows streamed into COPY ... FROM STDIN (text format) with backpressure: a file is never held
// in memory, whatever its size.
import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const FLUSH_CHARS = 1 << 16;
const SPECIAL = /[\\\t\n\r]/;

/** A value as COPY's text format reads it: backslash, tab and line breaks escaped. */
function escape(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

export class CopyWriter {
  private pending: string[] = [];
  private chars = 0;
  private failed: Error | null = null;
  private readonly finished: Promise<unknown>;

  private constructor(private readonly stream: ReturnType<typeof copyFrom>) {
    this.finished = once(stream, 'finish');
    stream.on('error', (err: Error) => (this.failed = err));
    this.finished.catch(() => {});
  }

  static open(client: pg.Client, sql: string): CopyWriter {
    return new CopyWriter(client.query(copyFrom(sql)));
  }

  /** Queues a row; `flush` sends what is queued. */
  row(values: readonly string[]): void {
    const line = values.map(escape).join('\t');
    this.pending.push(line);
    this.chars += line.length + 1;
  }

  /** Sends the queued rows once there are enough of them, waiting while the server catches up. */
  async flushSome(): Promise<void> {
    if (this.chars >= FLUSH_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failed) throw this.failed;
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('\n') + '\n';
    this.pending = [];
    this.chars = 0;
    if (!this.stream.write(chunk)) {
      await Promise.race([once(this.stream, 'drain'), this.finished]);
    }
  }

  /**
   * Abandons the COPY (the server is sent CopyFail), so the connection can roll back. A no-op
   * once the COPY has ended.
   */
  async abort(): Promise<void> {
    if (this.stream.writableFinished || this.stream.destroyed) return;
    const settled = once(this.stream, 'close').catch(() => {});
    this.stream.destroy(new Error('import of the file abandoned'));
    await settled;
  }

  /** Sends the rest and waits for the server to take the whole COPY. */
  async end(): Promise<void> {
    await this.flush();
    this.stream.end();
    await this.finished;
    if (this.failed) throw this.failed;
  }
}
