// The planner's first minute: from navigation start (a new browser context, so an empty HTTP
// cache) to the first fixed broadband hexagons drawn at the start view, beside the bare map
// (bare-map/: MapLibre and the app's basemap alone) to its boundaries drawn, in the same run;
// and the bytes each first view took off the wire (response bodies as sent, so compressed
// where the server compressed them), by kind.
import type { Browser, Page, Request } from '@playwright/test';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { FIXED_HEX_LAYERS } from './map-page';

export type WireKind = 'js' | 'css' | 'font' | 'data' | 'html';
export interface FirstLoad {
  ms: number;
  bytes: Record<WireKind, number>;
}
/** A download link the run throttles the page to (Chromium's network emulation), or none. */
export interface Link {
  mbps: number;
  rttMs: number;
}

function kindOf(request: Request): WireKind {
  const path = new URL(request.url()).pathname;
  if (/\.m?js$/.test(path)) return 'js';
  if (path.endsWith('.css')) return 'css';
  if (/\.(ttf|otf|woff2?)$/.test(path)) return 'font';
  if (request.resourceType() === 'document') return 'html';
  return 'data';
}

async function open(browser: Browser, url: string, link: Link | null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (link) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.rttMs,
      downloadThroughput: (link.mbps * 1e6) / 8,
      uploadThroughput: (link.mbps * 1e6) / 8,
    });
  }
  const sizes: Promise<[WireKind, number]>[] = [];
  context.on('requestfinished', (r) => {
    // A request that ends as the context closes has no sizes to read; it came after the moment.
    sizes.push(
      r.sizes().then(
        (s) => [kindOf(r), s.responseBodySize] as [WireKind, number],
        () => [kindOf(r), 0] as [WireKind, number],
      ),
    );
  });
  await page.goto(url, { waitUntil: 'commit' });
  return { page, sizes };
}

async function finish(page: Page, sizes: Promise<[WireKind, number]>[], ms: number) {
  const bytes: Record<WireKind, number> = { js: 0, css: 0, font: 0, data: 0, html: 0 };
  for (const [kind, n] of await Promise.all(sizes)) bytes[kind] += n;
  await page.context().close();
  return { ms, bytes };
}

/** The app at its start view: navigation start → the first fixed hexagons drawn. */
export async function appFirstLoad(browser: Browser, url: string, link: Link | null) {
  const { page, sizes } = await open(browser, `${url}/`, link);
  const handle = await page.waitForFunction(
    (layers) => {
      const map = (globalThis as { __coverageMap?: MapLibreMap }).__coverageMap;
      if (!map || layers.some((id) => !map.getLayer(id))) return false;
      return map.queryRenderedFeatures({ layers }).length > 0 ? performance.now() : false;
    },
    FIXED_HEX_LAYERS,
    { polling: 'raf', timeout: 180_000 },
  );
  return finish(page, sizes, (await handle.jsonValue()) as number);
}

/** The bare map: navigation start → its boundaries drawn (bare-map-page.ts marks the moment). */
export async function bareFirstLoad(browser: Browser, url: string, link: Link | null) {
  const { page, sizes } = await open(browser, `${url}/bare-map.html`, link);
  const handle = await page.waitForFunction(
    () => (globalThis as { bareMapDrawnAt?: number }).bareMapDrawnAt ?? false,
    undefined,
    {
      polling: 100,
      timeout: 180_000,
    },
  );
  return finish(page, sizes, (await handle.jsonValue()) as number);
}
