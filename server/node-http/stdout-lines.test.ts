// npm start's log sink: no line written while the caller waits, every line written in order
// soon after, a lone line too (not held until a batch fills), and what is still queued when
// the process exits written before it goes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stdoutLines } from './stdout-lines';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stdout-lines-'));
  dirs.push(dir);
  return join(dir, 'out.log');
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `GET /api/x/${i} 200 0.4ms`);

describe('stdout lines', () => {
  it('holds a few lines while the caller runs, then writes them together', async () => {
    const file = tempFile();
    const log = stdoutLines(openSync(file, 'w'));
    for (const line of lines(10)) log(line);
    // Held for a batch (or the next flush): none is written while the caller runs.
    expect(readFileSync(file, 'utf8')).toBe('');
    await until(() => readFileSync(file, 'utf8').split('\n').length === 11, 'ten lines');
    expect(readFileSync(file, 'utf8')).toBe(`${lines(10).join('\n')}\n`);
  });

  it('writes every line in order when many come at once, none synchronously', async () => {
    const file = tempFile();
    const log = stdoutLines(openSync(file, 'w'));
    const writeSync = vi.spyOn(fs, 'writeSync');
    try {
      for (const line of lines(20_000)) log(line);
      await until(() => readFileSync(file, 'utf8').split('\n').length === 20_001, 'all lines');
      expect(writeSync).not.toHaveBeenCalled();
    } finally {
      writeSync.mockRestore();
    }
    expect(readFileSync(file, 'utf8')).toBe(`${lines(20_000).join('\n')}\n`);
  });

  it('writes a lone line soon, without waiting for a batch to fill', async () => {
    const file = tempFile();
    stdoutLines(openSync(file, 'w'))('listening on http://127.0.0.1:5173');
    await until(() => readFileSync(file, 'utf8') !== '', 'the line');
    expect(readFileSync(file, 'utf8')).toBe('listening on http://127.0.0.1:5173\n');
  });

  it('writes what is queued when the process exits', () => {
    const sink = resolve(HERE, 'stdout-lines.ts');
    const script = `const { stdoutLines } = await import(${JSON.stringify(sink)});
      const log = stdoutLines();
      for (let i = 0; i < 5000; i++) log('line ' + i);
      process.exit(0);`;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const written = run.stdout.split('\n');
    expect(written).toHaveLength(5001);
    expect(written[4999]).toBe('line 4999');
  });
});
