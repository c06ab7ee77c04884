// The PostGIS tests start a private PostgreSQL cluster and import files with ogr2ogr, so this
// installs Debian's PostgreSQL 15, PostGIS 3 and GDAL when any of them is missing (a fresh
// machine or CI), the way ensure-chromium.mjs installs the browser.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const NEEDED = [
  { path: '/usr/lib/postgresql/15/bin/initdb', packages: ['postgresql-15'] },
  {
    path: '/usr/share/postgresql/15/extension/postgis.control',
    packages: ['postgresql-15-postgis-3', 'postgresql-15-postgis-3-scripts'],
  },
  { path: '/usr/bin/ogr2ogr', packages: ['gdal-bin'] },
];

function run(command, args) {
  console.log(`ensure-postgres: $ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) return `${command} could not start: ${result.error.message}`;
  if (result.status !== 0) return `${command} exited with code ${result.status}`;
  return null;
}

function fail(message, packages) {
  console.error(`ensure-postgres: ${message}`);
  console.error(
    `ensure-postgres: install them by hand (as root: apt-get update && apt-get install -y ${packages.join(' ')}), then run the tests again.`,
  );
  process.exit(1);
}

const missing = NEEDED.filter((n) => !existsSync(n.path));
if (missing.length === 0) {
  console.log('ensure-postgres: PostgreSQL 15, PostGIS 3 and ogr2ogr are present, nothing to do.');
  process.exit(0);
}

const packages = missing.flatMap((n) => n.packages);
console.log(
  `ensure-postgres: missing ${missing.map((n) => n.path).join(', ')}; installing ${packages.join(' ')}.`,
);
if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
  fail(
    'this is not a Debian-like system with apt-get, so they cannot be installed here.',
    packages,
  );
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const prefix = isRoot ? [] : ['sudo', '-n'];
if (!isRoot && !existsSync('/usr/bin/sudo'))
  fail('not running as root and sudo is not available.', packages);

const began = Date.now();
for (const args of [
  ['apt-get', 'update'],
  ['apt-get', 'install', '-y', '--no-install-recommends', ...packages],
]) {
  const [command, ...rest] = [...prefix, ...args];
  const problem = run(command, rest);
  if (problem) fail(problem, packages);
}

const still = NEEDED.filter((n) => !existsSync(n.path));
if (still.length > 0) {
  fail(
    `the packages installed, but ${still.map((n) => n.path).join(', ')} still missing.`,
    packages,
  );
}
console.log(`ensure-postgres: installed in ${((Date.now() - began) / 1000).toFixed(0)} s.`);
