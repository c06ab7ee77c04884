// One measured run in the browser: a new context (so an empty HTTP cache) opens the app far
// out, where no fixed broadband or fabric tile is drawn, the Layers menu turns the fixed layer
// off for a baseline run, then the view is set through the map test handle
// (src/map/test-handle.ts) and timed until the map's `idle` with what is asked drawn.
import type { Browser, Page, Request } from '@playwright/test';
import type { Case } from './map-report';
import type { CanvasSize, MapView } from './map-views';

/** src/map/ids.ts's layers, written out: the bench runs no app code (checked on the page). */
export const FIXED_POINT_LAYERS = [
  'fixed-notinrelease',
  'fixed-notbsl',
  'fixed-served',
  'fixed-underserved',
  'fixed-nooffers',
  'fixed-unserved',
];
export const FIXED_HEX_LAYERS = ['fixed-hex-fill', 'fixed-hex-few'];
/** Compare mode's net-change hexagons (README, "Compare releases"), drawn instead of FIXED_HEX_LAYERS. */
export const COMPARE_HEX_LAYERS = ['fixed-change-hex-fill', 'fixed-change-hex-few'];

/** The release a compare run compares the view's with (the URL's wcv and wv). */
export interface CompareWith {
  coverage: string;
  fabric: string;
}

/** What the page's test handle offers, as far as the bench uses it. */
interface MapHandle {
  jumpTo(o: { center: [number, number]; zoom: number }): void;
  on(type: 'idle', fn: () => void): void;
  off(type: 'idle', fn: () => void): void;
  once(type: 'idle', fn: () => void): void;
  triggerRepaint(): void;
  isStyleLoaded(): boolean | void;
  getLayer(id: string): unknown;
  getCanvas(): { clientWidth: number; clientHeight: number };
  queryRenderedFeatures(o: { layers: string[] }): { properties: Record<string, unknown> }[];
}
type Handles = Record<string, MapHandle | undefined>;
/** The handle's name on window; the page functions below run in the page and get it passed. */
const HANDLE = '__coverageMap';

/**
 * Opens the app at zoom 4 over the view, the fixed layer's sources added (and the compare
 * layers, comparing with `compare`), and the map at rest.
 */
export async function openApp(
  browser: Browser,
  url: string,
  view: MapView,
  fixedOn: boolean,
  compare: CompareWith | null = null,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx compiles this file keeping function names (esbuild's __name helper), which the page
  // functions below then call in the page.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const page = await context.newPage();
  const query = compare ? `?wcv=${compare.coverage}&wv=${compare.fabric}` : '';
  await page.goto(`${url}/${query}#map=4/${view.lat}/${view.lng}`);
  await page.waitForFunction(
    ({ name, layers }) => {
      const map = (globalThis as unknown as Handles)[name];
      return map?.isStyleLoaded() !== false && layers.every((id) => map?.getLayer(id));
    },
    {
      name: HANDLE,
      layers: [...FIXED_POINT_LAYERS, ...FIXED_HEX_LAYERS, ...(compare ? COMPARE_HEX_LAYERS : [])],
    },
    { timeout: 120_000 },
  );
  if (!fixedOn) {
    await page.getByRole('button', { name: 'Layers', exact: true }).click();
    await page.getByRole('checkbox', { name: /^Fixed broadband/ }).uncheck();
    await page.keyboard.press('Escape');
  }
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve) => {
        const map = (globalThis as unknown as Handles)[name]!;
        map.once('idle', resolve);
        map.triggerRepaint();
      }),
    HANDLE,
  );
  return page;
}

export async function canvasSize(page: Page): Promise<CanvasSize> {
  return page.evaluate((name) => {
    const canvas = (globalThis as unknown as Handles)[name]!.getCanvas();
    return { width: canvas.clientWidth, height: canvas.clientHeight };
  }, HANDLE);
}

/**
 * From jumpTo to the first `idle` at which `layers` (none for a baseline) have features drawn:
 * milliseconds, and the distinct features drawn (by location_id or h3).
 */
export async function timeView(
  page: Page,
  view: MapView,
  layers: string[],
  timeoutMs = 60_000,
): Promise<{ ms: number; drawn: number; tiles: number; slowestTileMs: number }> {
  // The fixed layer's tile requests (MapLibre's worker makes them), each from sent to answered.
  const tileMs: number[] = [];
  const onFinished = (r: Request) => {
    if (/\/coverage\/\d+\/fixed(tiles|hex|changehex)\//.test(r.url()))
      tileMs.push(r.timing().responseEnd);
  };
  page.context().on('requestfinished', onFinished);
  const timed = await page.evaluate(
    ({ name, to, ids, timeout }) =>
      new Promise<{ ms: number; drawn: number }>((resolve, reject) => {
        const map = (globalThis as unknown as Handles)[name]!;
        const drawn = () => {
          if (ids.length === 0) return 0;
          const keys = map
            .queryRenderedFeatures({ layers: ids })
            .map((f) => String(f.properties.location_id ?? f.properties.h3));
          return new Set(keys).size;
        };
        const timer = setTimeout(() => {
          map.off('idle', onIdle);
          reject(new Error(`the view was not drawn within ${timeout} ms`));
        }, timeout);
        const started = performance.now();
        const onIdle = () => {
          const ms = performance.now() - started;
          const count = drawn();
          if (ids.length > 0 && count === 0) return;
          clearTimeout(timer);
          map.off('idle', onIdle);
          resolve({ ms, drawn: count });
        };
        map.on('idle', onIdle);
        map.jumpTo({ center: [to.lng, to.lat], zoom: to.zoom });
      }),
    { name: HANDLE, to: view, ids: layers, timeout: timeoutMs },
  );
  page.context().off('requestfinished', onFinished);
  return { ...timed, tiles: tileMs.length, slowestTileMs: Math.max(0, ...tileMs) };
}

/** A case of the map figure with nothing measured yet. */
export function newCase(view: MapView, fixed: boolean, compare: CompareWith | null): Case {
  return { view, fixed, compare, first: 0, times: [], drawn: 0, tiles: [], slowestTile: [] };
}

/**
 * Each case `runs` + 1 times, each run in a new context: the first meets the service's caches
 * empty (kept apart as `first`), and on and off take turns going first.
 */
export async function runCases(
  browser: Browser,
  url: string,
  cases: Case[],
  runs: number,
): Promise<void> {
  for (let run = 0; run <= runs; run++) {
    // On and off take turns going first, so neither always follows the other.
    const order = run % 2 === 0 ? cases : cases.toReversed();
    for (const c of order) {
      const page = await openApp(browser, url, c.view, c.fixed, c.compare);
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
}
