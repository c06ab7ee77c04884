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
// The web tests share one jsdom and one module graph per worker (isolate: false): a jsdom set up
// for each file cost about 1.5 s, four fifths of the project's time. A file that mocks a module
// (vi.mock) runs isolated: a module another file has already imported would stay unmocked.
const WEB_TESTS = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`);
const MOCKING_WEB_TESTS = WEB_TESTS.filter((file) =>
  readFileSync(file, 'utf8').includes('vi.mock('),
);

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
          include: WEB_TESTS.filter((file) => !MOCKING_WEB_TESTS.includes(file)),
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          include: MOCKING_WEB_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: MEASURED,
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
