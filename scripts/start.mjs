// `npm start`: builds the app when dist/ (or DIST_DIR) is missing or older than its sources, then
// runs the app server (server/app/main.ts under tsx), passing Ctrl+C and SIGTERM on to it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Another build folder lets two checkouts' servers (or two test runs) not rebuild each other's.
const distDir = resolve(root, process.env.DIST_DIR || 'dist');
const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
];

/** Newest modification time under a file or folder (0 when it doesn't exist). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale() {
  const builtIndex = join(distDir, 'index.html');
  if (!existsSync(builtIndex)) return `${distDir} is missing`;
  const built = statSync(builtIndex).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newestMtime(join(root, input)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const main = join(root, 'server', 'app', 'main.ts');
// The app server takes no options: `npm start -- --help` (or anything else on the line) is
// answered by it, with its usage, before anything is built.
if (process.argv.length > 2) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', main, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}

const reason = buildIsStale();
if (reason) {
  console.log(`building the app (${reason}) ...`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error(
      'the build failed (see above); fix it or run `npm run build` to see the full output',
    );
    process.exit(result.status ?? 1);
  }
  console.log('build done');
} else {
  console.log('the app is built and up to date');
}

// The demo fabric is generated on the first start (and cached in .data/); the server prints
// its progress.
const server = spawn(process.execPath, ['--import', 'tsx', main], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DIST_DIR: distDir },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
