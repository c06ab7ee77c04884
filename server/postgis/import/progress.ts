// A progress bar with rows per second on a terminal; on anything else (CI logs), a plain line
// every few seconds. Quiet when asked (tests).
const WIDTH = 24;

/** Where progress goes: a terminal (a bar redrawn in place) or anything else (plain lines). */
export type ProgressOut = Pick<NodeJS.WriteStream, 'isTTY' | 'write'>;

/**
 * `out` for a second load beside the one drawing its bar on the terminal: plain lines, each
 * clearing the bar first (the bar is drawn again on its next update).
 */
export function besideBar(out: ProgressOut | null): ProgressOut | null {
  if (!out?.isTTY) return out;
  return { isTTY: false, write: (text: string) => out.write(`\r\x1b[K${text}`) };
}

export class Progress {
  private readonly began = performance.now();
  private shown = this.began;

  constructor(
    private readonly label: string,
    private readonly totalBytes: number,
    private readonly out: ProgressOut | null = process.stderr,
  ) {}

  private rate(rows: number): string {
    const seconds = (performance.now() - this.began) / 1000;
    return `${Math.round(rows / Math.max(seconds, 1e-3)).toLocaleString('en-US')} rows/s`;
  }

  update(bytes: number, rows: number): void {
    if (!this.out) return;
    const now = performance.now();
    const tty = this.out.isTTY;
    if (now - this.shown < (tty ? 200 : 5000)) return;
    this.shown = now;
    const share = this.totalBytes > 0 ? Math.min(1, bytes / this.totalBytes) : 0;
    const filled = Math.round(share * WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
    const text = `${this.label} ${bar} ${(share * 100).toFixed(0).padStart(3)}%  ${rows.toLocaleString('en-US')} rows  ${this.rate(rows)}`;
    this.out.write(tty ? `\r${text}` : `${text}\n`);
  }

  /** The closing line; returns the rows per second for the report. */
  done(rows: number, note: string): number {
    const seconds = (performance.now() - this.began) / 1000;
    if (this.out) {
      const clear = this.out.isTTY ? '\r\x1b[K' : '';
      this.out.write(
        `${clear}${this.label} ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s (${this.rate(rows)})${note}\n`,
      );
    }
    return rows / Math.max(seconds, 1e-3);
  }
}
