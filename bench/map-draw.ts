// `npm run bench:map [-- --runs N] [-- --locations N] [-- --json]`: the fixed broadband map figure. The
// app server (embedded backend, built dist/, 127.0.0.1, a free port) and Chromium with the
// browser tests' flags (SwiftShader), then, from jumpTo to the map's `idle` with the fixed
// layer drawn: the densest town at the street zoom holding about 5,000 locations, and the
// county's hexagons; each beside the same view with the fixed layer off, in the same run, so a
// busy machine slows both alike. Then the compare view: the county's net-change
// hexagons against the previous release, beside the same view without a comparison. Every run opens a new browser context (an empty HTTP cache);
// the first of each case also meets the service's tile caches empty and is shown apart.
// Before all that, the first load (first-load.ts): navigation start to the first hexagons at
// the start view, beside a bare map, and the bytes on the wire; `--first-load` runs it alone.
// After them, the mobile layer's densest view (about 5,000 cells; bench/mobile-cells.ts);
// `--mobile` runs it alone.
// `--workspace` measures instead the workspace app beside the demo (bench/workspace-map.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { CHROMIUM } from '../scripts/software-gl.mjs';
import {
  integerOption,
  readCommandLine,
  refuseCommandLine,
  type Command,
} from '../server/config/command-line';
import { DEFAULT_SEED } from '../server/demo/generate-fabric';
import { DEMO_VINTAGES } from '../server/demo/vintages';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { startAppServerProcess } from './app-server-process';
import { buildBareMap } from './bare-map/build-bare-map';
import { runFirstLoad } from './first-load-run';
import { runMobileCells } from './mobile-cells';
import { canvasSize, newCase, openApp, runCases } from './map-page';
import { report, type Case } from './map-report';
import { stateCommandLine } from './state-fabric';
import { benchStateMap } from './state-map';
import { countyView, streetView } from './map-views';
import { currentLocations } from './workload';
import { benchWorkspaceMap } from './workspace-map';

const COMMAND: Command = {
  name: 'bench:map',
  usage: `usage: npm run bench:map [-- --runs N] [-- --locations N] [-- --first-load] [-- --mbps N] [-- --json] [-- --workspace] [-- --mobile]
  The app server and Chromium on loopback: the first load beside a bare map, then each map view
  from jumpTo to drawn, beside the same view with the layer off, in the same run.
  --runs N        runs of each case (default 5)
  --locations N   the demo fabric's size (default: the demo's own, at least 1000)
  --first-load    the first load alone
  --mobile        the mobile layer's view of about 5,000 cells alone
  --mbps N        the first load over a link of N Mbit/s with 40 ms round trips (default 20;
                  0: unthrottled)
  --json          the figures as one JSON object on the last line
  --workspace     only the workspace app beside the demo: the start view and a click → panel
                  (the demo county synced first through a published-only upstream)
  --state FIPS    only the state's start view (fitted, res-5/6 hexagons) beside the county's,
                  the app server over the synthetic state in PostGIS (the bench cluster
                  \`npm run bench -- --store postgis --state FIPS\` imports, made here when
                  missing); --locations is then the state's size (default 10000000)`,
};
const { values: ARGS } = readCommandLine(COMMAND, {
  runs: { type: 'string' },
  locations: { type: 'string' },
  json: { type: 'boolean' },
  'first-load': { type: 'boolean' },
  mbps: { type: 'string' },
  workspace: { type: 'boolean' },
  mobile: { type: 'boolean' },
  state: { type: 'string' },
});
const RUNS = integerOption(COMMAND, 'runs', ARGS.runs, 5, 1);
const LOCATIONS =
  ARGS.locations === undefined
    ? undefined
    : integerOption(COMMAND, 'locations', ARGS.locations, 0, 1000);
const STATES = stateArg();
const json = ARGS.json === true;
const MBPS = integerOption(COMMAND, 'mbps', ARGS.mbps, 20, 0);
const LINK = MBPS === 0 ? null : { mbps: MBPS, rttMs: 40 };
const log = (line: string) => console.log(line);
const VIEW = { width: 1280, height: 800 };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// Debian's Chromium headless shell, as the browser tests run it (playwright.config.ts).
const launch = () =>
  chromium.launch({
    executablePath: CHROMIUM.path,
    args: CHROMIUM_ARGS,
    headless: true,
  });

/** `--state FIPS[,FIPS]`: checked as \`npm run demo\` checks it; alone with --runs and --locations. */
function stateArg(): { states: string[]; locations: number } | null {
  if (ARGS.state === undefined) return null;
  const other = (['first-load', 'mobile', 'workspace', 'mbps'] as const).find(
    (k) => ARGS[k] !== undefined,
  );
  if (other) refuseCommandLine(COMMAND, `--${other} does not go with --state`);
  return stateCommandLine(COMMAND, ARGS.state, ARGS.locations);
}

async function main(): Promise<Record<string, number>> {
  log(`load average ${load()}`);
  const figures = STATES
    ? await benchStateMap({
        ...STATES,
        seed: DEFAULT_SEED,
        release: DEMO_VINTAGES.at(-1)!.vintage,
        reimport: false,
        runs: RUNS,
        launch,
        log,
      })
    : await demoMap();
  log(`load average ${load()}`);
  return figures;
}

/** The figures over the demo county (or the workspace app beside it). */
async function demoMap(): Promise<Record<string, number>> {
  const fabric = await loadDemoFabric(LOCATIONS ? { locations: LOCATIONS } : {});
  if (ARGS.workspace)
    return benchWorkspaceMap({ fabric, locations: LOCATIONS, runs: RUNS, launch, log });
  const current = currentLocations(fabric);
  // A build of the run's own, so the bare map page can be put beside the app.
  const distDir = await mkdtemp(join(tmpdir(), 'bench-map-dist-'));
  await rm(distDir, { recursive: true });
  const server = await startAppServerProcess({
    ...(LOCATIONS ? { locations: LOCATIONS } : {}),
    distDir,
    readyTimeoutMs: 600_000,
    log: () => {},
  });
  let browser: Browser | undefined;
  try {
    browser = await launch();
    if (ARGS.mobile)
      return await runMobileCells(
        browser,
        server.url,
        streetView(fabric, current, VIEW),
        RUNS,
        log,
      );
    await buildBareMap(distDir);
    const firstLoad = await runFirstLoad(browser, server.url, RUNS, LINK, log);
    if (ARGS['first-load']) return firstLoad;
    log(
      `app server at ${server.url} over ${current.length.toLocaleString('en-US')} current locations`,
    );
    const probe = await openApp(browser, server.url, streetView(fabric, current, VIEW), true);
    const size = await canvasSize(probe);
    await probe.context().close();
    const views = [streetView(fabric, current, size), countyView(fabric, current, size)];
    for (const v of views)
      log(
        `${v.name} view: zoom ${v.zoom} at ${v.lng.toFixed(5)}, ${v.lat.toFixed(5)} (${v.locations} current locations in a ${size.width}×${size.height} canvas)`,
      );
    // The release before the newest (the app opens on the newest), fabric and coverage alike.
    const previous = fabric.vintages
      .map((v) => v.vintage)
      .toSorted()
      .at(-2)!;
    log(`compare view: the county with the fixed layer on, compared with ${previous}`);
    const compare = { coverage: previous, fabric: previous };
    const cases: Case[] = [
      ...views.flatMap((view) => [true, false].map((fixed) => newCase(view, fixed, null))),
      newCase(views[1]!, true, compare),
    ];
    await runCases(browser, server.url, cases, RUNS);
    const figures = {
      ...firstLoad,
      ...report(cases, RUNS, log),
      ...(await runMobileCells(browser, server.url, views[0]!, RUNS, log)),
    };
    return figures;
  } finally {
    await browser?.close();
    await server.stop();
    await rm(distDir, { recursive: true, force: true });
  }
}

main()
  .then((figures) => {
    if (json) console.log(JSON.stringify(figures));
  })
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
