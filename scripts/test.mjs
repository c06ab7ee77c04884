// `npm test`: every check in order, stopping at the first failure, with the time of each step.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

const LINT_DIRS = ['src', 'shared', 'server', 'e2e', 'scripts', 'bench'].filter((dir) =>
  existsSync(dir),
);

const steps = [
  { name: 'type check', command: 'tsc', args: ['-b'] },
  {
    name: 'lint',
    command: 'oxlint',
    args: ['--deny-warnings', '-c', '.oxlintrc.json', ...LINT_DIRS],
  },
  // Unused files, exports and dependencies (knip.json names the entry points).
  { name: 'dead code', command: 'knip', args: [] },
  { name: 'format check', command: 'prettier', args: ['--check', '.'] },
  // The PostGIS tests start a private cluster and import with ogr2ogr: install both if missing.
  { name: 'postgres install', command: 'node', args: ['scripts/ensure-postgres.mjs'] },
  // Time and memory measurements, alone and one file at a time (vite.config.ts, MEASURED).
  {
    name: 'measured tests',
    command: 'vitest',
    args: ['run', '--project', 'measured', '--no-file-parallelism'],
  },
  // Two files at a time even on two cores (Vitest's default there is one): most files wait on
  // PostgreSQL, child processes or sockets, so a second file fills the idle core. It runs beside
  // the build and the browser tests (whose one browser leaves a core idle while it waits), its
  // output held and printed when it ends.
  {
    name: 'unit and service tests',
    command: 'vitest',
    args: ['run', '--project', 'web*', '--project', 'server*', '--maxWorkers', '2'],
    beside: true,
  },
  { name: 'browser install', command: 'node', args: ['scripts/ensure-chromium.mjs'] },
  { name: 'build', command: 'vite', args: ['build'] },
  { name: 'browser tests', command: 'playwright', args: ['test'] },
];

// No options: `npm test -- --help` lists the steps; anything else is refused with them.
const args = process.argv.slice(2);
if (args.length > 0) {
  const help = args.length === 1 && (args[0] === '--help' || args[0] === '-h');
  const usage = [
    'usage: npm test',
    '  Every check in order, stopping at the first failure, with the time of each step:',
    ...steps.map((s) => `  ${s.name.padEnd(24)} ${[s.command, ...s.args].join(' ')}`),
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
  for (const r of results)
    console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(24)} ${seconds(r.ms)}`);
}

const results = [];
const start = Date.now();

/** A step started without waiting for it: its output kept, its end awaited later. */
function startBeside(step) {
  console.log(
    `\n▶ ${step.name} (beside the next steps): ${[step.command, ...step.args].join(' ')}`,
  );
  const began = Date.now();
  const child = spawn(resolve(step.command), step.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  // Its time is taken at its close event, not when awaited. The steps after it run with
  // spawnSync, which holds this event loop: the close is read once the step running then ends.
  const ended = new Promise((done) => {
    child.on('error', (error) => done({ status: null, error, ms: Date.now() - began }));
    child.on('close', (status, signal) =>
      done({ status: status ?? signal, ms: Date.now() - began }),
    );
  });
  return { step, output, ended };
}

/** Waits for a step started beside the others, prints its output, and records it. */
async function finishBeside(beside) {
  const run = await beside.ended;
  console.log(
    `\n▶ ${beside.step.name} (ended): ${[beside.step.command, ...beside.step.args].join(' ')}`,
  );
  process.stdout.write(Buffer.concat(beside.output));
  const ok = run.status === 0;
  results.push({ name: beside.step.name, ok, ms: run.ms });
  return { ok, why: run.error ? run.error.message : `exit code ${run.status}` };
}

function fail(name, why) {
  summary(results);
  console.error(`\n✖ ${name} failed (${why}); later steps were not run.`);
  process.exit(1);
}

let beside = null;
for (const step of steps) {
  if (step.beside) {
    beside = startBeside(step);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${[step.command, ...step.args].join(' ')}`);
  const began = Date.now();
  const run = spawnSync(resolve(step.command), step.args, { stdio: 'inherit' });
  const ms = Date.now() - began;
  const ok = run.status === 0;
  results.push({ name: step.name, ok, ms });
  if (!ok) {
    if (beside) await finishBeside(beside);
    fail(step.name, run.error ? run.error.message : `exit code ${run.status ?? run.signal}`);
  }
}
if (beside) {
  const { ok, why } = await finishBeside(beside);
  if (!ok) fail(beside.step.name, why);
}
summary(results);
console.log(`\n✔ all ${steps.length} steps passed in ${seconds(Date.now() - start)}`);
