// How `npm test` runs its steps (scripts/test.mjs names them): in order, each timed, stopping at
// the first failure. A step `beside` is started and left running under the steps after it, its
// output held and printed when it ends.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {string} command `node`, a binary in node_modules/.bin, or one on the PATH
 * @property {string[]} args
 * @property {boolean} [beside]
 */

/** @param {Step} step */
export const commandLine = (step) => [step.command, ...step.args].join(' ');

/** @param {Step} step how the step list says when a step runs */
export function when(step) {
  return step.beside ? '  (beside the steps after it)' : '';
}

/** Local binaries first, as npm scripts do; `node` itself is the running one. */
function resolve(command) {
  if (command === 'node') return process.execPath;
  const local = `node_modules/.bin/${command}`;
  return existsSync(local) ? local : command;
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs the steps; resolves with the exit code for the run (0 when every step passed, else 1),
 * once every step started has ended. The first failure stops every step still running, as
 * Ctrl+C would (SIGINT: Playwright stops its app server, Vitest its workers).
 * @param {Step[]} steps
 * @param {{ write: (text: string | Uint8Array) => void }} [out] where the runner's own lines
 *   and the held output go (steps in front write to the terminal themselves)
 * @returns {Promise<number>}
 */
export function runSteps(steps, out = process.stdout) {
  const print = (line) => out.write(`${line}\n`);
  const results = [];
  const start = Date.now();
  /** Every step started and not yet ended. */
  const running = new Set();
  /** The runs of the steps started beside, in order. */
  const beside = [];
  let stopping = false;
  let settle;
  const outcome = new Promise((resolved) => (settle = resolved));

  function summary() {
    print('\nnpm test summary');
    for (const r of results) {
      const state = r.ok ? 'ok  ' : r.stopped ? 'stop' : 'FAIL';
      print(`  ${state}  ${r.name.padEnd(24)} ${seconds(r.ms)}`);
    }
  }

  /**
   * Starts a step. Its output streams to the terminal (`inherit`) or is kept and printed when
   * it ends, so steps running at once do not interleave. Its time is taken at its close event.
   */
  function launch(step, inherit) {
    const began = Date.now();
    const child = spawn(resolve(step.command), step.args, {
      stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const run = { step, child, output };
    running.add(run);
    run.ended = new Promise((done) => {
      child.on('error', (error) => done({ status: null, error, ms: Date.now() - began }));
      child.on('close', (status, signal) => {
        running.delete(run);
        done({ status: status ?? signal, ms: Date.now() - began });
      });
    });
    return run;
  }

  /** Waits for a started step, prints what it kept of its output, and records it (once). */
  function finish(run) {
    run.finished ??= run.ended.then(({ status, error, ms }) => {
      if (run.output.length > 0 || run.step.beside) {
        print(`\n▶ ${run.step.name} (ended): ${commandLine(run.step)}`);
        out.write(Buffer.concat(run.output));
      }
      const ok = status === 0;
      results.push({ name: run.step.name, ok, stopped: run.stopped === true, ms });
      return { name: run.step.name, ok, why: error ? error.message : `exit code ${status}` };
    });
    return run.finished;
  }

  /** Stops every step still running and ends the run with the summary. */
  async function fail(end) {
    if (stopping) return;
    stopping = true;
    const others = [...running];
    for (const run of others) {
      run.stopped = true;
      run.child.kill('SIGINT');
    }
    for (const run of [...beside, ...others]) await finish(run);
    summary();
    const names = others.map((r) => r.step.name).join(', ');
    const stopped = others.length > 0 ? `, ${names} stopped` : '';
    print(`\n✖ ${end.name} failed (${end.why})${stopped}; later steps were not run.`);
    settle(1);
  }

  /** Starts a step beside the others. */
  function startBeside(step) {
    print(`\n▶ ${step.name} (beside the next steps): ${commandLine(step)}`);
    const run = launch(step, false);
    beside.push(run);
    // A step beside that fails stops the run then, not once the browser tests have ended; one
    // that passes says so in a line, its output kept for the end.
    void run.ended.then((ended) => {
      if (stopping) return;
      if (ended.status !== 0) return finish(run).then(fail);
      print(
        `✔ ${step.name} passed in ${seconds(ended.ms)} (beside; its output follows at the end)`,
      );
    });
  }

  async function main() {
    for (const step of steps) {
      if (stopping) return;
      if (step.beside) {
        startBeside(step);
        continue;
      }
      print(`\n▶ ${step.name}: ${commandLine(step)}`);
      const end = await finish(launch(step, true));
      if (!end.ok) return fail(end);
    }
    // Every step is started by now: the list of those beside is whole.
    for (const run of beside) {
      const end = await finish(run);
      if (stopping) return;
      if (!end.ok) return fail(end);
    }
    summary();
    print(`\n✔ all ${steps.length} steps passed in ${seconds(Date.now() - start)}`);
    settle(0);
  }

  void main();
  return outcome;
}
