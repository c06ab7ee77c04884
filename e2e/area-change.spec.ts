// The area's change table in the browser (README, "Area report"): without a
// comparison the Report tab says where to turn one on; with the compare card set, the report
// over a rectangle drawn on the demo town shows "Change from … to …", its classes and its
// before → after rows equal to the report operation's answer for the same area, the class
// counts equal a recount from the published operations (collect3, bulk data, bdcfixed,
// history), and the report CSV holds both tables. Screenshots at 1280, 768 and 390 px.
import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { AreaPanelDriver } from './support/area-driver';
import { expectedChanges, type Release } from './support/compare-expect';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';
import { grouped, monthYear } from './support/planner-text';
import { ReportDriver } from './support/report-driver';
import { apiPost } from './support/service-api';

const AFTER: Release = { coverage: '202506', fabric: '202506' };
const BEFORE: Release = { coverage: '202406', fabric: '202406' };

interface Count {
  locations: number;
  units: number;
}
interface ApiChange {
  fabric: string;
  coverage: string;
  earlier: 'a' | 'b';
  locationcount: number;
  table: ({ a: string; b: string } & Count)[];
  classes: ({ class: string } & Count)[];
}

/** The class labels of the compare card's legend, in its order (the README's change classes ("Compare releases")). */
const CLASS_LABELS: [string, string][] = [
  ['newly_served', 'Newly served'],
  ['newly_underserved', 'Newly underserved (was unserved)'],
  ['lost_service', 'Lost service'],
  ['improved', 'Faster, same status'],
  ['worsened', 'Slower, same status'],
  ['reclassified', 'Became or stopped being a counted BSL'],
  ['new', 'New in the fabric'],
  ['retired_equivalent', 'Retired, with an equivalent'],
  ['retired', 'Retired, no equivalent'],
  ['unchanged', 'Unchanged'],
];

let town: DemoTown;
test.beforeAll(async () => {
  town = await loadDemoTown();
});

const pct = (n: number, d: number) =>
  d === 0 ? '' : `${(Math.round((1000 * n) / d) / 10).toFixed(1)}%`;

async function storedArea(page: Page): Promise<GeoJSON.Polygon> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('coverage-explorer:area:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { geometry: GeoJSON.Polygon }).geometry;
  });
}

/** Location ids of fabric vintage v inside the area, from collect3 and bulk data. */
async function idsInside(request: APIRequestContext, v: string, area: unknown): Promise<number[]> {
  const uuids: string[] = [];
  let bodies: unknown[] = [area];
  while (bodies.length > 0) {
    const answers = await Promise.all(
      bodies.map((b) =>
        apiPost<{ data: string[]; continuations: { body: unknown }[] }>(
          request,
          `/fabric/${v}/collect3/locations`,
          b,
        ),
      ),
    );
    uuids.push(...answers.flatMap((a) => a.data));
    bodies = answers.flatMap((a) => a.continuations.map((c) => c.body));
  }
  const rows = await apiPost<{ location_id: number | string }[]>(
    request,
    `/fabric/${v}/bulk/locations?field=location_id`,
    uuids,
  );
  return rows.map((r) => Number(r.location_id));
}

async function screenshotAt(page: Page, panel: AreaPanelDriver, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  const table = panel.region.getByTestId('report:transitions');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`area-change-${width}.png`) });
  // Nothing of the change tables runs past the panel's right edge (a table scrolls in its box).
  const edge = await panel.region.evaluate((el) => el.getBoundingClientRect().right);
  for (const id of ['change', 'transitions']) {
    const box = (await panel.region.getByTestId(`report:${id}`).boundingBox())!;
    expect(box.x + box.width, `${id} at ${width}px`).toBeLessThanOrEqual(edge + 1);
  }
}

test('the Report tab shows the change between two releases as the API and a recount give it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const map = new MapDriver(page);
  await page.goto(`/?v=${AFTER.fabric}&cv=${AFTER.coverage}#map=14/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  await panel.drawRectangle(140);
  const report = new ReportDriver(page, panel);
  await expect(report.total).toBeVisible();
  // Comparing is off: the tab says where to turn it on, and shows no change table.
  await expect(panel.region.getByTestId('report:change-off')).toContainText('Compare releases');
  await expect(panel.region.getByTestId('report:change')).toHaveCount(0);

  // Turn it on in the compare card, as a planner would.
  const asked = page.waitForRequest(
    (r) => r.url().includes('/report?') && r.url().includes('with='),
  );
  const card = page.getByRole('region', { name: 'Compare releases' });
  // Folded while no comparison is on; unfolding it brings its controls.
  await card.getByRole('button', { name: 'Compare releases' }).click();
  await card.getByTestId('compare:coverage').selectOption(BEFORE.coverage);
  await card.getByTestId('compare:fabric').selectOption(BEFORE.fabric);
  await expect(page).toHaveURL(new RegExp(`wcv=${BEFORE.coverage}`));
  await asked;
  const classTable = panel.region.getByTestId('report:change');
  await expect(classTable).toBeVisible({ timeout: 30_000 });
  await expect(panel.region.getByTestId('report:change-off')).toHaveCount(0);

  // The same question to the API, for the same stored area.
  const area = await storedArea(page);
  const query = `coverage=${AFTER.coverage}&with=${BEFORE.coverage}&withfabric=${BEFORE.fabric}`;
  const api = (
    await apiPost<{ change: ApiChange }>(
      request,
      `/fabricext/${AFTER.fabric}/report?${query}`,
      area,
    )
  ).change;
  expect(api.earlier).toBe('b');
  expect(api.locationcount).toBeGreaterThan(100);

  const line = (r: Release) =>
    `fabric as of ${monthYear(r.fabric)} · coverage as of ${monthYear(r.coverage)}`;
  await expect(classTable.getByText(/^Change from/)).toHaveText(
    `Change from ${line(BEFORE)}, to ${line(AFTER)}`,
  );

  // Classes: label, locations, share of the union, units: as the API counts them.
  const total = api.locationcount;
  const byClass = new Map(api.classes.map((c) => [c.class, c]));
  expect(await report.rows('change')).toEqual([
    ...CLASS_LABELS.map(([value, label]) => {
      const c = byClass.get(value)!;
      return [label, grouped(c.locations), pct(c.locations, total), grouped(c.units)];
    }),
    [
      'Locations in either release',
      grouped(total),
      '100.0%',
      grouped(api.classes.reduce((n, c) => n + c.units, 0)),
    ],
  ]);

  // Before → after rows: every cell of the API's table (B is before), most locations first.
  const shown = await report.rows('transitions');
  const numbers = (rows: string[][]) => rows.map((r) => r.slice(1).join(' ')).sort();
  expect(numbers(shown)).toEqual(
    numbers(
      api.table.map((r) => ['', grouped(r.locations), pct(r.locations, total), grouped(r.units)]),
    ),
  );
  const counts = shown.map((r) => Number(r[1]!.replace(/,/g, '')));
  expect(counts).toEqual(counts.toSorted((a, b) => b - a));
  expect(shown.some((r) => r[0]!.startsWith('Not in the fabric → '))).toBe(
    api.table.some((r) => r.b === 'absent'),
  );

  // A recount from the published operations: the ids of either fabric inside the area, each
  // classified from its records at both releases (compare-expect.ts, not the app's rule).
  const ids = [
    ...new Set([
      ...(await idsInside(request, AFTER.fabric, area)),
      ...(await idsInside(request, BEFORE.fabric, area)),
    ]),
  ];
  expect(ids.length).toBe(total);
  const classes = await expectedChanges(request, ids, BEFORE, AFTER);
  const recount = new Map<string, number>();
  for (const cls of classes.values()) recount.set(cls, (recount.get(cls) ?? 0) + 1);
  console.log(
    `area change: ${total} locations, recount ${JSON.stringify(Object.fromEntries(recount))}`,
  );
  const changed = [...recount].filter(([k]) => k !== 'unchanged');
  expect(changed.length).toBeGreaterThan(1);
  for (const [value] of CLASS_LABELS)
    expect(byClass.get(value)!.locations, value).toBe(recount.get(value) ?? 0);

  // The CSV holds both tables with the compared release named in its header.
  const csv = await report.downloadCsv();
  expect(csv.text).toContain(`Compared with fabric,${monthYear(BEFORE.fabric)} (${BEFORE.fabric})`);
  expect(csv.text).toContain(`Change from ${line(BEFORE)}, to ${line(AFTER)}`);
  for (const [value, label] of CLASS_LABELS) {
    const c = byClass.get(value)!;
    const cell = label.includes(',') ? `"${label}"` : label;
    expect(csv.text).toContain(`${cell},${c.locations},`);
  }
  for (const r of api.table) expect(csv.text).toContain(`,${r.b},${r.a},${r.locations},`);
  // The printed copy carries them too.
  await expect(report.printed.getByTestId('report:transitions')).toHaveCount(1);

  for (const width of [1280, 768, 390]) await screenshotAt(page, panel, width);

  // On paper: the change tables are in the PDF Chromium prints (the last page kept as PNG).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  const pdf = test.info().outputPath('area-change.pdf');
  await page.pdf({ path: pdf, format: 'Letter', printBackground: true, preferCSSPageSize: true });
  const text = execFileSync('/usr/bin/pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('What changed, by class');
  expect(text).toContain('Status before → after');
  const news = byClass.get('new')!.locations;
  expect(text).toMatch(new RegExp(`New in the fabric\\s+${grouped(news)}\\s`));
  const pages = Number(
    /Pages:\s+(\d+)/.exec(execFileSync('/usr/bin/pdfinfo', [pdf], { encoding: 'utf8' }))![1],
  );
  execFileSync('/usr/bin/pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    String(pages),
    '-l',
    String(pages),
    pdf,
    test.info().outputPath('area-change-page'),
  ]);
  await page.emulateMedia({ media: 'screen' });
});

test('a link comparing with a release the service does not know still gives the report, and says why the change is missing', async ({
  page,
  pageGuard,
}) => {
  // The report asked with the unknown release answers 404 on purpose; the panel asks again
  // without it. The map's compare tiles answer 404 for it too.
  pageGuard.allowFailures('/report');
  pageGuard.allowFailures('/fixedchange');
  const map = new MapDriver(page);
  const q = `v=${AFTER.fabric}&cv=${AFTER.coverage}&wcv=209912&wv=${BEFORE.fabric}`;
  await page.goto(`/?${q}#map=14/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  await panel.drawRectangle(140);
  await expect(panel.region.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
  await expect(panel.region.getByTestId('report:change-problem')).toContainText(
    /could not be made: with: coverage vintage 209912 is not known/i,
  );
  await expect(panel.region.getByTestId('report:change-off')).toHaveCount(0);
});
