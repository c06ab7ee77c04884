// Browser tests run Debian's Chromium headless shell (Playwright cannot download its own builds
// here) with WebGL drawn in software (scripts/software-gl.mjs), against the real app server over
// the built app and the embedded reference service with the demo fabric.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, softwareGlArgs } from './scripts/software-gl.mjs';

const PORT = Number(process.env.E2E_PORT ?? 5199);
const HOST = '127.0.0.1';
const CI = Boolean(process.env.CI);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  ...softwareGlArgs(existsSync),
  '--ignore-gpu-blocklist',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two cores: one browser with a software GPU keeps the machine responsive.
  workers: CI ? 1 : 2,
  fullyParallel: false,
  retries: CI ? 1 : 0,
  // Generous: the heaviest tests take about a minute on a busy two-core machine, and a test
  // timed out and retried costs twice what waiting would.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  forbidOnly: CI,
  reporter: [['list']],
  use: {
    baseURL: `http://${HOST}:${PORT}`,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // A browser asking for less motion: MapLibre jumps where it would fly or ease, and the app
    // shows labels without fading them in (src/map/create-map.ts). Every frame is drawn in
    // software here: over the map-room, location-list and location specs this took 330–373 CPU
    // s against 406–408 with motion, over the area, fixed-broadband and small-screens specs 344
    // against 355. The location spec, which checks the flights, asks for motion (test.use); the
    // accessibility spec checks both.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM.path,
          // V8 without its optimising compiler (TurboFan; Maglev still optimises): a test's page
          // lives a few seconds, too short to earn back TurboFan's compiles. The same specs took
          // 3–6% less CPU and time without it (fixed-broadband and search 128 and 122 CPU s
          // against 136 and 129, map-room and shell 155 and 147 against 156, location-list and
          // report 174 against 181), a street-zoom page load about 10%. Tests only: the bench
          // (bench/map-draw.ts) keeps the browser as planners have it.
          args: [...CHROMIUM_ARGS, '--js-flags=--no-opt'],
          headless: true,
        },
      },
    },
  ],
  webServer: {
    // `npm start`'s script: builds dist/ only when it is missing or stale (npm test has just
    // built it), then runs the app server with the embedded service.
    command: 'node scripts/start.mjs',
    url: `http://${HOST}:${PORT}/api/health`,
    env: { PORT: String(PORT), HOST, DEMO_LOCATIONS: process.env.DEMO_LOCATIONS ?? '' },
    reuseExistingServer: !CI,
    // The first start generates the demo fabric and caches it in .data/.
    timeout: 360_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
