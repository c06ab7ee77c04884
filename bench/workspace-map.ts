// `npm run bench:map -- --workspace`: the workspace app beside the embedded demo, in the same
// run, over the same demo fabric. The upstream is the reference service behind the
// published-only proxy in its own process, the demo county synced through it first; each app
// server runs as `npm start` does, in its own process. Measured in Chromium, taking turns: the
// start view (a page load until the map rests with the fixed broadband hexagons drawn) and a
// click at street zoom until the location panel shows every part (the app's own
// `location:click-to-panel` measure), as times and the workspace's ratio to the demo. The
// clicks alternate between the two apps one by one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEFAULT_LOCATIONS } from '../server/demo/generate-fabric';
import type { Fabric } from '../server/service/store/fabric';
import { startAppServerProcess, type AppServerProcess } from './app-server-process';
import { FIXED_HEX_LAYERS } from './map-page';
import { startServiceProcess } from './service-process';
import { busiestTown, currentLocations } from './workload';

const TOKEN = 'workspace-bench';
/** Clicks per session, on distinct locations around the busiest town. */
const CLICKS = 10;
/** The workspace within this factor of the demo, both figures. */
const TARGET_RATIO = 1.1;
const HANDLE = '__coverageMap';

interface MapHandle {
  loaded(): boolean;
  isMoving(): boolean;
  getLayer(id: string): unknown;
  jumpTo(o: { center: [number, number]; zoom: number }): void;
  project(p: [number, number]): { x: number; y: number };
  getCanvas(): { getBoundingClientRect(): { left: number; top: number } };
  queryRenderedFeatures(o: { layers: string[] }): unknown[];
}
type Handles = Record<string, MapHandle | undefined>;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx keeps function names (esbuild's __name helper), which the page functions then call.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return context.newPage();
}

/** Waits until the map rests with every tile loaded (and `layers` drawn); the page's clock then. */
async function restingAt(page: Page, layers: string[] = []): Promise<number> {
  const at = await page.waitForFunction(
    ({ name, ids }) => {
      const map = (globalThis as unknown as Handles)[name];
      if (!map || !map.loaded() || map.isMoving()) return false;
      if (ids.length === 0) return performance.now();
      if (!ids.every((id) => map.getLayer(id))) return false;
      return map.queryRenderedFeatures({ layers: ids }).length > 0 && performance.now();
    },
    { name: HANDLE, ids: layers },
    { polling: 'raf', timeout: 120_000 },
  );
  return (await at.jsonValue()) as number;
}

/** A fresh page (empty HTTP cache) at the app's start view: navigation → hexagons drawn, ms. */
async function timeStartView(browser: Browser, url: string): Promise<number> {
  const page = await newPage(browser);
  await page.goto(`${url}/`, { waitUntil: 'commit' });
  const ms = await restingAt(page, FIXED_HEX_LAYERS);
  await page.context().close();
  return ms;
}

/** A page at zoom 17 on `at`, the map at rest: where the clicks are timed. */
async function clickPage(browser: Browser, url: string, [lng, lat]: [number, number]) {
  const page = await newPage(browser);
  await page.goto(`${url}/#map=17/${lat}/${lng}`);
  await restingAt(page);
  return page;
}

/** Centres `point` at zoom 17, waits for the map to rest, clicks it: click → panel complete, ms. */
async function timeClick(page: Page, point: [number, number]): Promise<number> {
  const before = await page.evaluate(
    () => performance.getEntriesByName('location:click-to-panel').length,
  );
  await page.evaluate(
    ({ name, p }) => (globalThis as unknown as Handles)[name]!.jumpTo({ center: p, zoom: 17 }),
    { name: HANDLE, p: point },
  );
  await restingAt(page);
  const { x, y } = await page.evaluate(
    ({ name, p }) => {
      const map = (globalThis as unknown as Handles)[name]!;
      const box = map.getCanvas().getBoundingClientRect();
      const at = map.project(p);
      return { x: box.left + at.x, y: box.top + at.y };
    },
    { name: HANDLE, p: point },
  );
  await page.mouse.click(x, y);
  const done = await page.waitForFunction(
    (count) => {
      const all = performance.getEntriesByName('location:click-to-panel');
      return all.length > count && all[count]!.duration;
    },
    before,
    { timeout: 60_000 },
  );
  return (await done.jsonValue()) as number;
}

/** Current locations with a building, nearest the busiest town first: where a planner clicks. */
function clickPoints(fabric: Fabric): [number, number][] {
  const current = currentLocations(fabric);
  const town = busiestTown(fabric, current);
  const { lng, lat, footprint } = fabric.locations;
  return [...current]
    .filter((i) => footprint[i]! >= 0)
    .map((i) => ({ i, d: Math.hypot(lng[i]! - town.lng, lat[i]! - town.lat) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, CLICKS)
    .map(({ i }) => [lng[i]!, lat[i]!]);
}

const median = (values: number[]) => {
  const s = values.toSorted((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function benchWorkspaceMap(o: {
  fabric: Fabric;
  locations: number | undefined;
  runs: number;
  launch: () => Promise<Browser>;
  log: (line: string) => void;
}): Promise<Record<string, number>> {
  const { log } = o;
  const dir = mkdtempSync(join(tmpdir(), 'workspace-bench-'));
  const stops: (() => Promise<void>)[] = [];
  let browser: Browser | undefined;
  try {
    const started = performance.now();
    const upstream = await startServiceProcess({
      program: 'published-upstream',
      locations: o.locations ?? DEFAULT_LOCATIONS,
      token: TOKEN,
      env: { WORKSPACE_DIR: dir },
      readyTimeoutMs: 1_800_000,
      log,
    });
    stops.push(upstream.stop);
    log(`upstream and sync ready in ${Math.round((performance.now() - started) / 1000)} s`);
    const apps: Record<'demo' | 'workspace', AppServerProcess> = {
      demo: await startAppServerProcess({
        ...(o.locations ? { locations: o.locations } : {}),
        readyTimeoutMs: 600_000,
        log: () => {},
      }),
      workspace: await startAppServerProcess({
        readyTimeoutMs: 600_000,
        log: () => {},
        env: { SERVICE_URL: upstream.url, SERVICE_TOKEN: TOKEN, WORKSPACE_DIR: dir },
      }),
    };
    stops.push(apps.demo.stop, apps.workspace.stop);
    browser = await o.launch();
    const points = clickPoints(o.fabric);
    const all = {
      demo: { start: [] as number[], click: [] as number[] },
      workspace: { start: [] as number[], click: [] as number[] },
    };
    const first = { demo: 0, workspace: 0 };
    for (let run = 0; run <= o.runs; run++) {
      // The two apps take turns going first.
      const order =
        run % 2 === 0 ? (['demo', 'workspace'] as const) : (['workspace', 'demo'] as const);
      for (const app of order) {
        const start = await timeStartView(browser, apps[app].url);
        if (run === 0) first[app] = start;
        else all[app].start.push(start);
      }
      // The clicks alternate between the apps click by click (who goes first alternating too),
      // so a burst of load on this shared machine falls on both alike. The first run meets
      // every cache empty: its clicks count too, they are all new.
      const pages = {
        demo: await clickPage(browser, apps.demo.url, points[0]!),
        workspace: await clickPage(browser, apps.workspace.url, points[0]!),
      };
      const clicks = { demo: [] as number[], workspace: [] as number[] };
      for (const [n, point] of points.entries()) {
        for (const app of n % 2 === 0 ? order : order.toReversed())
          clicks[app].push(await timeClick(pages[app], point));
      }
      for (const app of order) {
        await pages[app].context().close();
        all[app].click.push(...clicks[app]);
        log(
          `  run ${run} ${app}: start view ${Math.round(run === 0 ? first[app] : all[app].start.at(-1)!)} ms, click median ${Math.round(median(clicks[app]))} ms`,
        );
      }
    }
    const figures: Record<string, number> = {};
    log(`start view (load → hexagons drawn, map at rest) and click → location panel, ms`);
    log('  app         start first   start p50   click median (clicks)');
    for (const app of ['demo', 'workspace'] as const) {
      const f = { first: first[app], start: median(all[app].start), click: median(all[app].click) };
      log(
        `  ${app.padEnd(10)} ${String(Math.round(f.first)).padStart(12)} ${String(Math.round(f.start)).padStart(11)} ${String(Math.round(f.click)).padStart(14)} (${all[app].click.length})`,
      );
      Object.assign(figures, {
        [`${app}_start_first_ms`]: Math.round(f.first),
        [`${app}_start_p50_ms`]: Math.round(f.start),
        [`${app}_click_median_ms`]: Math.round(f.click),
      });
    }
    const ratio = (k: string) =>
      Number((figures[`workspace_${k}`]! / figures[`demo_${k}`]!).toFixed(2));
    figures.workspace_start_ratio = ratio('start_p50_ms');
    figures.workspace_click_ratio = ratio('click_median_ms');
    log(`workspace / demo (target ≤ ${TARGET_RATIO}):`);
    for (const [what, r] of [
      ['start view', figures.workspace_start_ratio],
      ['click → panel', figures.workspace_click_ratio],
    ] as const)
      log(`  ${what}: ${r} ${r <= TARGET_RATIO ? 'met' : 'MISSED'}`);
    return figures;
  } finally {
    await browser?.close();
    for (const stop of stops.toReversed()) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
