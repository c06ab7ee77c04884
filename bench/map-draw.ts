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
import { integerOption, readCommandLine, type Command } from '../server/config/command-line';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { startAppServerProcess } from './app-server-process';
import { buildBareMap } from './bare-map/build-bare-map';
import { runFirstLoad } from './first-load-run';
import { runMobileCells } from './mobile-cells';
import {
  COMPARE_HEX_LAYERS,
  FIXED_HEX_LAYERS,
  FIXED_POINT_LAYERS,
  canvasSize,
  openApp,
  timeView,
} from './map-page';
import { report, type Case } from './map-report';
import { countyView, streetView, type MapView } from './map-views';
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
                  (the demo county synced first through a published-only upstream)`,
};
const { values: ARGS } = readCommandLine(COMMAND, {
  runs: { type: 'string' },
  locations: { type: 'string' },
  json: { type: 'boolean' },
  'first-load': { type: 'boolean' },
  mbps: { type: 'string' },
  workspace: { type: 'boolean' },
  mobile: { type: 'boolean' },
});
const RUNS = integerOption(COMMAND, 'runs', ARGS.runs, 5, 1);
const LOCATIONS =
  ARGS.locations === undefined
    ? undefined
    : integerOption(COMMAND, 'locations', ARGS.locations, 0, 1000);
const json = ARGS.json === true;
const MBPS = integerOption(COMMAND, 'mbps', ARGS.mbps, 20, 0);
const LINK = MBPS === 0 ? null : { mbps: MBPS, rttMs: 40 };
const log = (line: string) => console.log(line);
const VIEW = { width: 1280, height: 800 };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// Debian's Chromium, as the browser tests run it (playwright.config.ts).
const launch = () =>
  chromium.launch({
    executablePath: '/usr/lib/chromium/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });

async function main(): Promise<Record<string, number>> {
  log(`load average ${load()}`);
  const fabric = await loadDemoFabric(LOCATIONS ? { locations: LOCATIONS } : {});
  if (ARGS.workspace) {
    const figures = await benchWorkspaceMap({
      fabric,
      locations: LOCATIONS,
      runs: RUNS,
      launch,
      log,
    });
    log(`load average ${load()}`);
    return figures;
  }
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
    const runsOf = (view: MapView, fixed: boolean, withRelease: typeof compare | null): Case => ({
      view,
      fixed,
      compare: withRelease,
      first: 0,
      times: [],
      drawn: 0,
      tiles: [],
      slowestTile: [],
    });
    const cases: Case[] = [
      ...views.flatMap((view) => [true, false].map((fixed) => runsOf(view, fixed, null))),
      runsOf(views[1]!, true, compare),
    ];
    for (let run = 0; run <= RUNS; run++) {
      // On and off take turns going first, so neither always follows the other.
      const order = run % 2 === 0 ? cases : cases.toReversed();
      for (const c of order) {
        const page = await openApp(browser, server.url, c.view, c.fixed, c.compare);
        const layers = !c.fixed
          ? []
          : c.view.name === 'street'
            ? FIXED_POINT_LAYERS
            : c.compare
              ? COMPARE_HEX_LAYERS
              : FIXED_HEX_LAYERS;
        const { ms, drawn, tiles, slowestTileMs } = await timeView(page, c.view, layers);
        await page.context().close();
        if (run === 0) c.first = ms;
        else c.times.push(ms);
        if (c.fixed) c.drawn = drawn;
        c.tiles.push(tiles);
        c.slowestTile.push(slowestTileMs);
      }
    }
    const figures = {
      ...firstLoad,
      ...report(cases, RUNS, log),
      ...(await runMobileCells(browser, server.url, views[0]!, RUNS, log)),
    };
    log(`load average ${load()}`);
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
