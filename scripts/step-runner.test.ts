// npm test's step runner with stand-in steps (a node script that notes when it starts and ends
// in a shared file): steps in order, a step beside running under the next, and the first
// failure stopping every step still running with the summary marking it stopped.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSteps, type Step } from './step-runner.mjs';

const dir = mkdtempSync(join(tmpdir(), 'step-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Notes "NAME start", waits MS, prints a line, notes "NAME end" and exits with CODE. A SIGINT
// (the runner's stop) ends it at once, without its end note.
const STANDIN = join(dir, 'standin.mjs');
writeFileSync(
  STANDIN,
  `import { appendFileSync } from 'node:fs';
const [log, name, ms, code] = process.argv.slice(2);
appendFileSync(log, name + ' start\\n');
setTimeout(() => {
  console.log(name + ' says hello');
  appendFileSync(log, name + ' end\\n');
  process.exit(Number(code));
}, Number(ms));
`,
);

let runs = 0;

/** Runs the steps, each a stand-in: its notes in order, the runner's output and exit code. */
async function run(steps: (Omit<Step, 'command' | 'args'> & { ms: number; code?: number })[]) {
  const log = join(dir, `run-${++runs}.log`);
  appendFileSync(log, '');
  let text = '';
  const exit = await runSteps(
    steps.map(({ ms, code = 0, ...step }) => ({
      ...step,
      command: 'node',
      args: [STANDIN, log, step.name, String(ms), String(code)],
    })),
    { write: (chunk) => void (text += chunk.toString()) },
  );
  return { code: exit, notes: readFileSync(log, 'utf8').trim().split('\n'), text };
}

/** The summary's lines: state and name. */
const summary = (text: string) =>
  text
    .split('npm test summary\n')[1]!
    .split('\n')
    .filter((l) => /^ {2}(ok|stop|FAIL)/.test(l))
    .map((l) =>
      l
        .trim()
        .split(/\s{2,}/)
        .slice(0, 2)
        .join(' '),
    );

describe('npm test step runner', () => {
  it('runs a step beside under the next ones, its output held for the end', async () => {
    const { code, notes, text } = await run([
      { name: 'first', ms: 10 },
      { name: 'beside', ms: 600, beside: true },
      { name: 'front', ms: 50 },
    ]);
    expect(code).toBe(0);
    expect(notes.slice(0, 2)).toEqual(['first start', 'first end']);
    // The step in front starts and ends while the one beside runs.
    expect(notes.indexOf('front end')).toBeLessThan(notes.indexOf('beside end'));
    expect(text).toMatch(/▶ beside \(ended\)[^\n]*\nbeside says hello/);
    expect(summary(text)).toEqual(['ok first', 'ok front', 'ok beside']);
    expect(text).toMatch(/✔ all 3 steps passed/);
  });

  it('stops the step in front when one beside fails, and starts no later step', async () => {
    const { code, notes, text } = await run([
      { name: 'unit', ms: 100, beside: true, code: 1 },
      { name: 'browser', ms: 60_000 },
      { name: 'later', ms: 10 },
    ]);
    expect(code).toBe(1);
    expect(notes.sort()).toEqual(['browser start', 'unit end', 'unit start']);
    expect(summary(text)).toEqual(['FAIL unit', 'stop browser']);
    expect(text).toMatch(
      /✖ unit failed \(exit code 1\), browser stopped; later steps were not run/,
    );
  }, 30_000);

  it('stops the steps beside when the step in front fails', async () => {
    const { code, notes, text } = await run([
      { name: 'unit', ms: 60_000, beside: true },
      { name: 'build', ms: 300, code: 2 },
      { name: 'browser', ms: 10 },
    ]);
    expect(code).toBe(1);
    expect(notes).not.toContain('unit end');
    expect(notes).not.toContain('browser start');
    expect(summary(text)).toEqual(['FAIL build', 'stop unit']);
  }, 30_000);
});
