import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { precompressDir } from './server/app/precompress';

// One config for the app build and for Vitest. Browser tests live in e2e/ (Playwright).

// Tests that measure time or memory (a locate answered within 100 ms while a worst-case area is
// worked on, an upstream timeout, RSS growth): npm test runs them alone, one file at a time, after
// the others, so that the other test files running beside them don't take their CPU.
const MEASURED = [
  'server/service/http-tests/worst-case-areas.test.ts',
  'server/app/upstream-hostile.test.ts',
  'server/app/upstream-throttle.test.ts',
  'server/app/front-door-limits.test.ts',
  'server/service/http-tests/hex-warm-up.test.ts',
  'server/service/store/postgis/database-frozen.test.ts',
];
// The tests share one module graph per worker (isolate: false), and the web tests one jsdom: a
// jsdom set up for each file cost about 1.5 s, four fifths of the web project's time, and the
// server files' imports about 3 s each, half the server project's CPU. A file that mocks a
// module (vi.mock) runs isolated: a module another file has already imported would stay unmocked.
const testsUnder = (dirs: string[]) =>
  dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => `${dir}/${file}`),
  );
/** The files that use vi.mock, and the others: each file read once. */
function byMocking(files: string[]): { mocking: string[]; shared: string[] } {
  const mocks = files.map((file) => readFileSync(file, 'utf8').includes('vi.mock('));
  return {
    mocking: files.filter((_, i) => mocks[i]),
    shared: files.filter((_, i) => !mocks[i]),
  };
}
const WEB_TESTS = byMocking(testsUnder(['src']));
const SERVER_TESTS = byMocking(
  testsUnder(['server', 'shared', 'scripts']).filter((file) => !MEASURED.includes(file)),
);
const SERVER_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 120_000 };

// Brotli and gzip copies of the built files, once all are written (public/ too): the app
// server sends them to browsers that take them (server/app/static-files.ts).
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle: async () => void (await precompressDir(outDir)),
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // Every module the first view imports goes into the entry file, not into common chunks
        // shared with the parts fetched on first use: as one file they share one brotli window
        // (about 6 kB less than the seven files of the default split). Parts fetched on first
        // use keep their own chunks and import what they share from the entry.
        codeSplitting: { groups: [{ name: 'first-view', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          include: WEB_TESTS.shared,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          include: WEB_TESTS.mocking,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: SERVER_TESTS.shared,
          isolate: false,
          ...SERVER_TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: SERVER_TESTS.mocking,
          ...SERVER_TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'measured',
          environment: 'node',
          include: MEASURED,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
