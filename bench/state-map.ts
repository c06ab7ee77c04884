// `npm run bench:map -- --state 17 [--locations N]`: the whole state's start view beside the
// county's, in one run. The app server over the state in PostGIS (STORE=postgis over the bench
// cluster state-fabric.ts writes and imports once), Chromium as in the county figure; each view
// from jumpTo to the map's `idle` with its hexagons drawn, beside the same view with the fixed
// layer off: the state fitted in the canvas (zoom 5–8, res-5/6 hexagons) and the county the app
// opens on (Sangamon, where the state holds it; else the state's county with the most
// locations). A screenshot of the state view is kept to check the hexagons cover the state.
import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import type { Browser } from '@playwright/test';
import pg from 'pg';
import { COUNTY, loadBoundary } from '../server/demo/county';
import { startAppServerProcess } from './app-server-process';
import { quantile } from './fixed-tiles';
import { canvasSize, FIXED_HEX_LAYERS, newCase, openApp, runCases, timeView } from './map-page';
import { report } from './map-report';
import { fitView, viewBox, type CanvasSize, type MapView } from './map-views';
import { stateFabric, type StateOptions } from './state-fabric';
import { STATE_ZOOMS, statesBoundary } from './state-workload';

/** The state's start view drawn within this factor of the county's (fixed layer on, p50). */
const GOAL_RATIO = 1.5;

async function query<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A view fitted to an outline, with the release's locations in its box counted. */
async function viewOf(
  name: string,
  boundary: GeoJSON.MultiPolygon,
  zooms: [number, number],
  size: CanvasSize,
  url: string,
  release: string,
): Promise<MapView> {
  const at = fitView(boundary, size, ...zooms);
  const [rows] = await query<{ n: string }>(
    url,
    `SELECT count(*) AS n FROM locations
      WHERE vintage = $1 AND geom && ST_MakeEnvelope($2, $3, $4, $5, 4326)`,
    [release, ...viewBox(at, size)],
  );
  return { name, ...at, locations: Number(rows!.n) };
}

/** The county the app opens on when the state holds it, else the state's largest. */
async function startCounty(url: string, release: string, states: string[]): Promise<string> {
  if (states.includes(COUNTY.stateFips)) return COUNTY.geoid;
  const [row] = await query<{ geoid: string }>(
    url,
    `SELECT county_geoid AS geoid FROM locations WHERE vintage = $1
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    [release],
  );
  return row!.geoid;
}

export async function benchStateMap(
  opts: StateOptions & { runs: number; launch: () => Promise<Browser> },
): Promise<Record<string, number>> {
  const { log, release, states, runs } = opts;
  const db = await stateFabric(opts);
  const distDir = await mkdtemp(join(tmpdir(), 'bench-map-dist-'));
  await rm(distDir, { recursive: true });
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof startAppServerProcess>> | undefined;
  try {
    log(
      `the app server over the state in PostGIS (${db.record.rows.toLocaleString('en-US')} rows imported ${db.record.at})`,
    );
    server = await startAppServerProcess({
      distDir,
      // At 10M the store builds its locate index (minutes) before the server listens.
      readyTimeoutMs: 1_800_000,
      log: () => {},
      env: { STORE: 'postgis', DATABASE_URL: db.cluster.url },
    });
    browser = await opts.launch();
    const county = await startCounty(db.cluster.url, release, states);
    const countyBoundary = loadBoundary(county).boundary;
    const probe = await openApp(
      browser,
      server.url,
      {
        name: 'probe',
        ...fitView(countyBoundary, { width: 1280, height: 800 }, 6, 10),
        locations: 0,
      },
      true,
    );
    const size = await canvasSize(probe);
    await probe.context().close();
    const views = [
      await viewOf(
        'state',
        statesBoundary(states),
        [STATE_ZOOMS[0]!, STATE_ZOOMS.at(-1)!],
        size,
        db.cluster.url,
        release,
      ),
      await viewOf('county', countyBoundary, [6, 10], size, db.cluster.url, release),
    ];
    for (const v of views)
      log(
        `${v.name} view: zoom ${v.zoom} at ${v.lng.toFixed(5)}, ${v.lat.toFixed(5)} (${v.locations.toLocaleString('en-US')} locations in a ${size.width}×${size.height} canvas)`,
      );
    const cases = views.flatMap((view) => [true, false].map((fixed) => newCase(view, fixed, null)));
    await runCases(browser, server.url, cases, runs);
    const figures = report(cases, runs, log);
    const [state, countyCase] = [cases[0]!, cases[2]!];
    const ratio = quantile(state.times, 0.5) / quantile(countyCase.times, 0.5);
    log(
      `state / county start view, fixed layer on, p50: ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? 'met' : 'MISSED'})`,
    );
    // The state view drawn once more, kept as a picture.
    const page = await openApp(browser, server.url, views[0]!, true);
    await timeView(page, views[0]!, FIXED_HEX_LAYERS);
    const shot = resolve('.data', `bench-map-state-${states.join('-')}-${opts.locations}.png`);
    await page.screenshot({ path: shot });
    await page.context().close();
    log(`the state view in a 1280×800 window (a ${size.width}×${size.height} canvas): ${shot}`);
    return { ...figures, state_county_ratio: Number(ratio.toFixed(2)) };
  } finally {
    await browser?.close();
    await server?.stop();
    db.cluster.stop();
    await rm(distDir, { recursive: true, force: true });
  }
}
