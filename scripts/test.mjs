// `npm test`: every check, stopping at the first failure, with the time of each step. The static
// checks run at once; the unit and service tests run beside the build and the browser tests.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';

const LINT_DIRS = ['src', 'shared', 'server', 'e2e', 'scripts', 'bench'].filter((dir) =>
  existsSync(dir),
);

// `together`: a step run at the same time as the next ones of the same name (each of the static
// checks is one process on one core). `beside`: a step started and left running under the steps
// after it, awaited at the end.
const steps = [
  { name: 'type check', command: 'tsc', args: ['-b'], together: 'static checks' },
  {
    name: 'lint',
    command: 'oxlint',
    args: ['--deny-warnings', '-c', '.oxlintrc.json', ...LINT_DIRS],
    together: 'static checks',
  },
  // Unused files, exports and dependencies (knip.json names the entry points).
  { name: 'dead code', command: 'knip', args: [], together: 'static checks' },
  { name: 'format check', command: 'prettier', args: ['--check', '.'], together: 'static checks' },
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
  // the build and the browser tests, its output held and printed when it ends.
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

const commandLine = (step) => [step.command, ...step.args].join(' ');

function when(step) {
  if (step.together) return `  (with the other ${step.together})`;
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
  for (const r of results)
    console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(24)} ${seconds(r.ms)}`);
}

const results = [];
const start = Date.now();

/**
 * Starts a step. Its output streams to the terminal (`inherit`) or is kept and printed when it
 * ends, so steps running at once do not interleave. Its time is taken at its close event.
 */
function launch(step, inherit) {
  const began = Date.now();
  const child = spawn(resolve(step.command), step.args, {
    stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const ended = new Promise((done) => {
    child.on('error', (error) => done({ status: null, error, ms: Date.now() - began }));
    child.on('close', (status, signal) =>
      done({ status: status ?? signal, ms: Date.now() - began }),
    );
  });
  return { step, output, ended };
}

/** Waits for a started step, prints what it kept of its output, and records it. */
async function finish(run, label) {
  const { status, error, ms } = await run.ended;
  if (label) {
    console.log(`\n▶ ${run.step.name} (${label}): ${commandLine(run.step)}`);
    process.stdout.write(Buffer.concat(run.output));
  }
  const ok = status === 0;
  results.push({ name: run.step.name, ok, ms });
  return { name: run.step.name, ok, why: error ? error.message : `exit code ${status}` };
}

function fail(name, why) {
  summary(results);
  console.error(`\n✖ ${name} failed (${why}); later steps were not run.`);
  process.exit(1);
}

let beside = null;
for (let i = 0; i < steps.length;) {
  const step = steps[i];
  if (step.beside) {
    console.log(`\n▶ ${step.name} (beside the next steps): ${commandLine(step)}`);
    beside = launch(step, false);
    i += 1;
    continue;
  }
  const group = [step];
  while (step.together && steps[i + group.length]?.together === step.together) {
    group.push(steps[i + group.length]);
  }
  i += group.length;
  let ends;
  if (group.length === 1) {
    console.log(`\n▶ ${step.name}: ${commandLine(step)}`);
    ends = [await finish(launch(step, true), null)];
  } else {
    console.log(`\n▶ ${step.together}, at once: ${group.map((s) => s.name).join(', ')}`);
    const runs = group.map((s) => launch(s, false));
    ends = [];
    for (const run of runs) ends.push(await finish(run, 'ended'));
  }
  const failed = ends.filter((end) => !end.ok);
  if (failed.length > 0) {
    if (beside) await finish(beside, 'ended');
    fail(failed.map((end) => end.name).join(', '), failed.map((end) => end.why).join(', '));
  }
}
if (beside) {
  const end = await finish(beside, 'ended');
  if (!end.ok) fail(end.name, end.why);
}
summary(results);
console.log(`\n✔ all ${steps.length} steps passed in ${seconds(Date.now() - start)}`);
