// The mobile layer's heaviest view in `npm run bench:map`: about 5,000 res-9 cells at zoom 13
// (the layer's first zoom), from jumpTo to every cell in view loaded and drawn, in a new browser
// context each run, beside the map's first `idle` after the move. A figure to print, not a test:
// the browser tests check what the layer draws, this says how long the densest view takes.
import type { Browser } from '@playwright/test';
import type { MapView } from './map-views';

/** src/map/ids.ts's mobile fill layer, written out (the bench runs no app code). */
const MOBILE_FILL = 'mobile-fill';
const HANDLE = '__coverageMap';
// Zoom 13 shows ~7.3 m per CSS pixel here: ~5,000 cells need a map of about 3,400 × 2,600 CSS
// pixels. Half-density pixels keep the software GPU's work sane.
const VIEWPORT = { width: 3800, height: 2700 };

interface Timing {
  idle: number;
  fetched: number;
  drawn: number;
  cells: number;
}

async function oneRun(browser: Browser, url: string, at: MapView): Promise<Timing> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 0.5 });
  try {
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    // Warm up away from the measured view: the first cells drawn compile the layers' shaders,
    // which a software GPU takes seconds over; the figure is about fetching and drawing data.
    await page.goto(`${url}/#map=14/${at.lat - 0.2}/${at.lng - 0.3}`);
    await page.waitForFunction((name) => (globalThis as Record<string, unknown>)[name], HANDLE, {
      timeout: 120_000,
    });
    await page.getByRole('button', { name: 'Layers', exact: true }).click();
    await page.getByRole('checkbox', { name: /Mobile coverage/ }).check();
    await page.keyboard.press('Escape');
    return await page.evaluate(
      ({ name, lng, lat, fill }) =>
        new Promise<Timing>((resolve) => {
          const m = (globalThis as unknown as Record<string, import('maplibre-gl').Map>)[name]!;
          // The legend's "Not loaded yet" count (the bench's program has no DOM types).
          const dom = globalThis as unknown as {
            document: {
              querySelector(s: string): { getAttribute(n: string): string | null } | null;
            };
          };
          const loading = () =>
            dom.document
              .querySelector('[data-class="loading"] [data-count]')
              ?.getAttribute('data-count');
          const settled = () =>
            loading() === '0' && m.queryRenderedFeatures({ layers: [fill] }).length > 0;
          const measure = () => {
            const start = performance.now();
            let idle = -1;
            const onIdle = () => {
              if (idle < 0) idle = performance.now() - start;
              if (!settled()) return;
              m.off('idle', onIdle);
              // When the last mobile answer arrived: splits fetching from drawing.
              const fetched = performance
                .getEntriesByType('resource')
                .filter((e) => e.name.includes('/coverage/bdcmobile') && e.startTime >= start)
                .reduce(
                  (last, e) =>
                    Math.max(last, (e as unknown as { responseEnd: number }).responseEnd),
                  start,
                );
              const cells = m.queryRenderedFeatures({ layers: [fill] }).length;
              resolve({ idle, fetched: fetched - start, drawn: performance.now() - start, cells });
            };
            m.on('idle', onIdle);
            m.jumpTo({ center: [lng, lat], zoom: 13 });
          };
          // The warm-up view drawn first, then the move is timed.
          const warm = () => {
            if (!settled()) return;
            m.off('idle', warm);
            measure();
          };
          m.on('idle', warm);
          m.triggerRepaint();
        }),
      { name: HANDLE, lng: at.lng, lat: at.lat, fill: MOBILE_FILL },
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runMobileCells(
  browser: Browser,
  url: string,
  at: MapView,
  runs: number,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  log(`mobile view: zoom 13 at ${at.lng.toFixed(5)}, ${at.lat.toFixed(5)}, ${runs} runs`);
  const runsDone: Timing[] = [];
  for (let run = 0; run < runs; run++) {
    const t = await oneRun(browser, url, at);
    runsDone.push(t);
    log(
      `  run ${run + 1}: ${t.cells} cells drawn; first idle ${t.idle.toFixed(0)} ms, records fetched ${t.fetched.toFixed(0)} ms, drawn ${t.drawn.toFixed(0)} ms`,
    );
  }
  const figures = {
    mobileCells: median(runsDone.map((t) => t.cells)),
    mobileFetchedMsP50: median(runsDone.map((t) => t.fetched)),
    mobileDrawnMsP50: median(runsDone.map((t) => t.drawn)),
    mobileIdleToDrawnMsP50: median(runsDone.map((t) => t.drawn - t.idle)),
  };
  log(
    `mobile view p50: ${figures.mobileCells} cells, fetched ${figures.mobileFetchedMsP50.toFixed(0)} ms, drawn ${figures.mobileDrawnMsP50.toFixed(0)} ms (idle → drawn ${figures.mobileIdleToDrawnMsP50.toFixed(0)} ms)`,
  );
  return figures;
}
