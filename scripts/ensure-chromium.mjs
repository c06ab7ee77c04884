// Browser tests need a Chromium with WebGL. Playwright cannot download its own browsers here,
// so this installs Debian's headless shell when it is missing (a fresh machine or CI),
// poppler-utils, whose pdftotext reads back the report Chromium prints, and Mesa's EGL and
// llvmpipe, which draw the map's WebGL for less CPU than SwiftShader (scripts/software-gl.mjs).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { CHROMIUM, MESA_FILES } from './software-gl.mjs';

const NEEDS = [CHROMIUM, { path: '/usr/bin/pdftotext', package: 'poppler-utils' }, ...MESA_FILES];

function run(command, args) {
  console.log(`ensure-chromium: $ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) return `${command} could not start: ${result.error.message}`;
  if (result.status !== 0) return `${command} exited with code ${result.status}`;
  return null;
}

function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  console.error(
    `ensure-chromium: install them by hand (as root: apt-get update && apt-get install -y ${NEEDS.map((n) => n.package).join(' ')}), then run the tests again.`,
  );
  process.exit(1);
}

const missing = NEEDS.filter((n) => !existsSync(n.path));
if (missing.length === 0) {
  console.log(`ensure-chromium: ${NEEDS.map((n) => n.path).join(', ')} present, nothing to do.`);
  process.exit(0);
}
const packages = missing.map((n) => n.package);
console.log(
  `ensure-chromium: ${missing.map((n) => n.path).join(', ')} missing; installing ${packages.join(' ')}.`,
);
if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
  fail('this is not a Debian-like system with apt-get, so the browser cannot be installed here.');
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const prefix = isRoot ? [] : ['sudo', '-n'];
if (!isRoot && !existsSync('/usr/bin/sudo')) {
  fail('not running as root and sudo is not available.');
}

for (const args of [
  ['apt-get', 'update'],
  ['apt-get', 'install', '-y', '--no-install-recommends', ...packages],
]) {
  const [command, ...rest] = [...prefix, ...args];
  const problem = run(command, rest);
  if (problem) fail(problem);
}

const still = missing.filter((n) => !existsSync(n.path));
if (still.length)
  fail(`the packages installed, but ${still.map((n) => n.path).join(', ')} still missing.`);
console.log(`ensure-chromium: installed ${packages.join(' ')}.`);
