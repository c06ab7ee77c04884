// `npm test`: every check, stopping at the first failure, with the time of each step. The time
// and memory measurements run first, alone; then the static checks and the unit and service
// tests run beside the build and the browser tests.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';

const LINT_DIRS = ['src', 'shared', 'server', 'e2e', 'scripts', 'bench'].filter((dir) =>
  existsSync(dir),
);

// `beside`: a step started and left running under the steps after it, its output held, awaited
// at the end; the first to fail stops the whole run at once. The browser tests (one worker) are
// the run's longest path, paced by their own chain of page and software GPU more than by what
// runs beside them: the static checks (each one process on one core) run there instead of
// before them (a fresh clone's run 18 s shorter; the build takes 37 s instead of 11).
const steps = [
  // The PostGIS tests start a private cluster and import with ogr2ogr: install both if missing.
  { name: 'postgres install', command: 'node', args: ['scripts/ensure-postgres.mjs'] },
  { name: 'browser install', command: 'node', args: ['scripts/ensure-chromium.mjs'] },
  // Time and memory measurements, alone and one file at a time (vite.config.ts, MEASURED).
  {
    name: 'measured tests',
    command: 'vitest',
    args: ['run', '--project', 'measured', '--no-file-parallelism'],
  },
  { name: 'type check', command: 'tsc', args: ['-b'], beside: true },
  {
    name: 'lint',
    command: 'oxlint',
    args: ['--deny-warnings', '-c', '.oxlintrc.json', ...LINT_DIRS],
    beside: true,
  },
  // Unused files, exports and dependencies (knip.json names the entry points).
  { name: 'dead code', command: 'knip', args: [], beside: true },
  { name: 'format check', command: 'prettier', args: ['--check', '.'], beside: true },
  // Two files at a time even on two cores (Vitest's default there is one): most files wait on
  // PostgreSQL, child processes or sockets, so a second file fills the idle core.
  {
    name: 'unit and service tests',
    command: 'vitest',
    args: ['run', '--project', 'web*', '--project', 'server*', '--maxWorkers', '2'],
    beside: true,
  },
  { name: 'build', command: 'vite', args: ['build'] },
  { name: 'browser tests', command: 'playwright', args: ['test', '--project', 'chromium'] },
  // The specs playwright.config.ts names TAIL_SPECS, in a second browser on a second app server
  // from when the unit and service tests end (or the browser tests, whichever is first): one
  // browser alone leaves a core idle.
  {
    name: 'browser tests, tail',
    command: 'playwright',
    args: ['test', '--project', 'chromium-tail'],
    env: { E2E_PORT: '5198' },
    after: 'unit and service tests',
  },
];

const commandLine = (step) => [step.command, ...step.args].join(' ');

function when(step) {
  if (step.after) return `  (beside, once ${step.after} or the step before it has ended)`;
  return step.beside ? '  (beside the steps after it)' : '';
}

// No options: `npm test -- --help` lists the steps; anything else is refused with them.
const args = process.argv.slice(2);
if (args.length > 0) {
  const help = args.length === 1 && (args[0] === '--help' || args[0] === '-h');
  const usage = [
    'usage: npm test',
    '  Every check in order, stopping at the first failure, with the time of each step:',
    ...steps.map((s) => `  ${s.name.padEnd(24)} ${commandLine(s)}${when(s)}`),
    'One step alone: npx vitest run <file>, npx playwright test <spec>.',
  ].join('\n');
  if (!help) console.error(`npm test: unknown arguments ${args.join(' ')}`);
  (help ? console.log : console.error)(usage);
  process.exit(help ? 0 : 2);
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

function summary(results) {
  console.log('\nnpm test summary');
  for (const r of results) {
    const state = r.ok ? 'ok  ' : r.stopped ? 'stop' : 'FAIL';
    console.log(`  ${state}  ${r.name.padEnd(24)} ${seconds(r.ms)}`);
  }
}

const results = [];
const start = Date.now();
/** Every step started and not yet ended: stopped at once when another fails. */
const running = new Set();

/**
 * Starts a step. Its output streams to the terminal (`inherit`) or is kept and printed when it
 * ends, so steps running at once do not interleave. Its time is taken at its close event.
 */
function launch(step, inherit) {
  const began = Date.now();
  const child = spawn(resolve(step.command), step.args, {
    stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env },
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
      console.log(`\n▶ ${run.step.name} (ended): ${commandLine(run.step)}`);
      process.stdout.write(Buffer.concat(run.output));
    }
    const ok = status === 0;
    results.push({ name: run.step.name, ok, stopped: run.stopped === true, ms });
    return { name: run.step.name, ok, why: error ? error.message : `exit code ${status}` };
  });
  return run.finished;
}

/** The steps started beside the others, in order. */
const beside = [];
let stopping = false;
/**
 * Stops every step still running, as Ctrl+C would (Playwright stops its app server, Vitest its
 * workers), and ends the run with the summary.
 */
async function fail(end) {
  if (stopping) return;
  stopping = true;
  const others = [...running];
  for (const run of others) {
    run.stopped = true;
    run.child.kill('SIGINT');
  }
  for (const run of [...beside, ...others]) await finish(run);
  summary(results);
  const stopped = others.length > 0 ? `, ${others.map((r) => r.step.name).join(', ')} stopped` : '';
  console.error(`\n✖ ${end.name} failed (${end.why})${stopped}; later steps were not run.`);
  process.exit(1);
}

/** The runs of the steps started beside, by step name. */
const started = new Map();

/** Starts a step beside the others, once; a step waiting for it starts when it has passed. */
function startBeside(step) {
  if (started.has(step.name) || stopping) return;
  console.log(`\n▶ ${step.name} (beside the next steps): ${commandLine(step)}`);
  const run = launch(step, false);
  started.set(step.name, run);
  beside.push(run);
  // A step beside that fails stops the run then, not once the browser tests have ended; one
  // that passes says so in a line, its output kept for the end.
  run.ended.then((ended) => {
    if (stopping) return;
    if (ended.status !== 0) return finish(run).then(fail);
    console.log(
      `✔ ${step.name} passed in ${seconds(ended.ms)} (beside; its output follows at the end)`,
    );
    for (const next of steps.filter((s) => s.after === step.name)) startBeside(next);
  });
}

for (const step of steps) {
  // A step waiting for another starts here at the latest, once the steps before it have ended.
  if (step.beside || step.after) {
    startBeside(step);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${commandLine(step)}`);
  const end = await finish(launch(step, true));
  if (!end.ok) await fail(end);
}
for (const run of beside) {
  const end = await finish(run);
  if (!end.ok) await fail(end);
}
summary(results);
console.log(`\n✔ all ${steps.length} steps passed in ${seconds(Date.now() - start)}`);
