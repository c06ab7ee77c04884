// Rejected rows of one import run: every one in a CSV report (file, line, reason) when a path is
// given, the first few kept for the console, and a count per file.
import { createWriteStream, type WriteStream } from 'node:fs';

export interface Rejection {
  file: string;
  line: number;
  reason: string;
}

const SAMPLES = 10;

export class RejectLog {
  private out: WriteStream | null = null;
  readonly samples: Rejection[] = [];
  count = 0;

  /** The report is created with the first rejected row: a clean run leaves no file behind. */
  constructor(private readonly reportPath: string | null) {}

  add(file: string, line: number, reason: string): void {
    this.count++;
    if (!this.out && this.reportPath) {
      this.out = createWriteStream(this.reportPath);
      this.out.write('file,line,reason\n');
    }
    if (this.samples.length < SAMPLES) this.samples.push({ file, line, reason });
    this.out?.write(`"${file.replace(/"/g, '""')}",${line},"${reason.replace(/"/g, '""')}"\n`);
  }

  async close(): Promise<void> {
    const out = this.out;
    if (!out) return;
    await new Promise<void>((resolve) => out.end(() => resolve()));
  }
}
