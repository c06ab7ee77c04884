// Browser tests need a Chromium with WebGL. Playwright cannot download its own browsers here,
// so this installs Debian's package when /usr/bin/chromium is missing (a fresh machine or CI).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';

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
    'ensure-chromium: install it by hand (as root: apt-get update && apt-get install -y chromium), then run the tests again.',
  );
  process.exit(1);
}

if (existsSync(CHROMIUM)) {
  console.log(`ensure-chromium: ${CHROMIUM} is present, nothing to do.`);
  process.exit(0);
}

console.log(`ensure-chromium: ${CHROMIUM} is missing; installing Debian's chromium package.`);
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
  ['apt-get', 'install', '-y', '--no-install-recommends', 'chromium'],
]) {
  const [command, ...rest] = [...prefix, ...args];
  const problem = run(command, rest);
  if (problem) fail(problem);
}

if (!existsSync(CHROMIUM))
  fail(`the chromium package installed, but ${CHROMIUM} is still missing.`);
console.log(`ensure-chromium: installed ${CHROMIUM}.`);
