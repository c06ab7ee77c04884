// `npm test`: every check, stopping at the first failure, with the time of each step
// (scripts/step-runner.mjs runs them). The time and memory measurements run first, alone; then
// the static checks and the unit and service tests run beside the build and the browser tests.
import { existsSync } from 'node:fs';
import { commandLine, runSteps, when } from './step-runner.mjs';

const LINT_DIRS = ['src', 'shared', 'server', 'e2e', 'scripts', 'bench'].filter((dir) =>
  existsSync(dir),
);

// `beside`: a step started and left running under the steps after it, its output held, awaited
// at the end; the first to fail stops the whole run at once. The browser tests (one worker) are
// the run's longest path; the static checks (each one process on one core) run beside them
// instead of before them (a fresh clone's run 18 s shorter; the build takes 37 s instead of 11).
// The machine is busy throughout: a second browser for the last fifth of the specs, started
// once the unit tests had ended, made both browsers about half as fast (the run 1,771 s against
// 1,760 s without it), so the run is shortened by less work, not by more at once.
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
  { name: 'browser tests', command: 'playwright', args: ['test'] },
];

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

process.exitCode = await runSteps(steps);
