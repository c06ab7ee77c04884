// Compare releases in the browser (README, "Compare releases"): over the demo town, the map rings each location
// whose status changed between two releases, every ring's class is the class worked out from
// the API's records (compare-expect.ts), every changed location well inside the view is ringed,
// and the legend's counts are those rings counted. The comparison survives a reload.
import type { APIRequestContext } from '@playwright/test';
import { latLngToCell } from 'h3-js';
import { expectedChanges, type Release } from './support/compare-expect';
import { LocationPanelDriver } from './support/location-driver';
import type { ApiFixedOffer } from './support/location-expect';
import { apiPost } from './support/service-api';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import type { Fabric } from '../server/service/store/fabric';
import { densestTown, type DemoTown } from './support/demo-town';
import { fixedHexCells, tileAt } from './support/hex-tile';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';

const AFTER: Release = { coverage: '202506', fabric: '202506' };
const BEFORE: Release = { coverage: '202412', fabric: '202412' };
const CHANGE_LAYER = 'fixed-change';
const CLASSES = [
  'newly_served',
  'newly_underserved',
  'lost_service',
  'improved',
  'worsened',
  'reclassified',
  'new',
  'retired_equivalent',
  'retired',
];

let town: DemoTown;
let fabric: Fabric;
test.beforeAll(async () => {
  const env = process.env.DEMO_LOCATIONS;
  fabric = await loadDemoFabric(env ? { locations: Number(env) } : {});
  town = densestTown(fabric);
});

test('compare two releases over the demo town: rings and counts equal a recount from the API', async ({
  page,
  request,
}) => {
  const map = new MapDriver(page);
  const url = `/?v=${AFTER.fabric}&cv=${AFTER.coverage}&wcv=${BEFORE.coverage}&wv=${BEFORE.fabric}#map=15/${town.lat}/${town.lng}`;
  const started = Date.now();
  await page.goto(url);
  await map.waitForIdle();
  const card = page.getByRole('region', { name: 'Compare releases' });
  await expect(card.getByTestId('compare:changed')).toHaveText(/\d+ changed in view/);
  const drawnMs = Date.now() - started;
  await expect(card.getByTestId('compare:coverage')).toHaveValue(BEFORE.coverage);
  await expect(card.getByTestId('compare:fabric')).toHaveValue(BEFORE.fabric);

  // Every ring, once per location (a point near a tile edge is in both tiles).
  const drawn = new Map<number, Record<string, unknown>>();
  for (const p of await map.renderedFeatures(CHANGE_LAYER)) drawn.set(Number(p.location_id), p);
  expect(drawn.size).toBeGreaterThan(20);

  // Every location of either fabric release in and around the view, from the seeded fabric the
  // server serves; what each is at both releases, from the API.
  const b = await map.bounds();
  const [dx, dy] = [(b.east - b.west) * 0.1, (b.north - b.south) * 0.1];
  const around = locationsIn(fabric, {
    west: b.west - dx,
    south: b.south - dy,
    east: b.east + dx,
    north: b.north + dy,
  });
  const expected = await expectedChanges(request, [...around.keys()], BEFORE, AFTER);
  for (const id of drawn.keys()) {
    const want = expected.get(id);
    expect(want, `location ${id} is ringed but in neither release around the view`).toBeDefined();
    expect(want, `location ${id} is ringed`).not.toBe('unchanged');
  }
  // Every changed location well inside the view is ringed.
  const inner = { west: b.west + dx, east: b.east - dx, south: b.south + dy, north: b.north - dy };
  let checked = 0;
  for (const [id, cls] of expected) {
    const at = around.get(id)!;
    if (cls === 'unchanged') continue;
    if (at.lng < inner.west || at.lng > inner.east || at.lat < inner.south || at.lat > inner.north)
      continue;
    expect(drawn.has(id), `changed location ${id} (${cls}) is ringed`).toBe(true);
    checked++;
  }
  expect(checked).toBeGreaterThan(10);

  // The legend counts the rings by class.
  const byClass = new Map<string, number>();
  for (const id of drawn.keys())
    byClass.set(expected.get(id)!, (byClass.get(expected.get(id)!) ?? 0) + 1);
  expect(byClass.size).toBeGreaterThanOrEqual(3);
  for (const cls of CLASSES) {
    const count = card.getByTestId(`compare:count-${cls}`);
    // A class with no ring in view is left out of the legend.
    if (!byClass.has(cls)) await expect(count).toHaveCount(0);
    else await expect(count).toHaveText(byClass.get(cls)!.toLocaleString('en-US'));
  }
  // The quiet classes start hidden: counted, not drawn, their switches off.
  const quiet = ['improved', 'worsened', 'retired_equivalent'];
  const shownCount = (hidden: string[]) =>
    [...drawn.keys()].filter((id) => !hidden.includes(expected.get(id)!)).length;
  const changedLine = (hidden: string[]) => {
    const shown = shownCount(hidden);
    const total = `${drawn.size.toLocaleString('en-US')} changed in view`;
    return shown < drawn.size ? `${total}, ${shown.toLocaleString('en-US')} drawn` : total;
  };
  await expect(card.getByTestId('compare:changed')).toHaveText(changedLine(quiet));
  for (const cls of byClass.keys()) {
    const toggle = card.locator(`[data-class="${cls}"]`).getByRole('checkbox');
    if (quiet.includes(cls)) await expect(toggle).not.toBeChecked();
    else await expect(toggle).toBeChecked();
  }
  // A planner shows a quiet class, or hides a loud one: the drawn count follows.
  const loud = [...byClass.keys()].find((c) => !quiet.includes(c))!;
  await card.locator(`[data-class="${loud}"]`).getByRole('checkbox').uncheck();
  await expect(card.getByTestId('compare:changed')).toHaveText(changedLine([...quiet, loud]));
  await card.locator(`[data-class="${loud}"]`).getByRole('checkbox').check();
  await expect(card.getByTestId('compare:changed')).toHaveText(changedLine(quiet));
  console.log(`compare view over the demo town: page load → drawn and counted ${drawnMs} ms`);
  // At 1280×800 the count of changes is seen without scrolling the card (nor the page).
  const [line, cardBox] = [
    await card.getByTestId('compare:changed').boundingBox(),
    await card.boundingBox(),
  ];
  expect(line!.y + line!.height).toBeLessThanOrEqual(cardBox!.y + cardBox!.height);
  expect(line!.y + line!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await page.screenshot({ path: 'test-results/compare-town.png' });

  // Kept across a reload; "Off" removes the rings and the URL's parameters.
  await page.reload();
  await map.waitForIdle();
  await expect(card.getByTestId('compare:coverage')).toHaveValue(BEFORE.coverage);
  await card.getByTestId('compare:coverage').selectOption('');
  await map.waitForIdle();
  expect(await map.renderedFeatures(CHANGE_LAYER)).toEqual([]);
  expect(new URL(page.url()).searchParams.get('wcv')).toBeNull();
});

const bitOf = (f: Fabric, v: string) => 1 << f.vintages.findIndex((x) => x.vintage === v);

/** Locations of either release inside a box, with their positions. */
function locationsIn(
  f: Fabric,
  box: { west: number; south: number; east: number; north: number },
): Map<number, { lng: number; lat: number }> {
  const bits = bitOf(f, BEFORE.fabric) | bitOf(f, AFTER.fabric);
  const { count, lng, lat, presence, locationId } = f.locations;
  const out = new Map<number, { lng: number; lat: number }>();
  for (let i = 0; i < count; i++) {
    if (!(presence[i] & bits)) continue;
    if (lng[i] < box.west || lng[i] > box.east || lat[i] < box.south || lat[i] > box.north)
      continue;
    out.set(locationId[i], { lng: lng[i], lat: lat[i] });
  }
  return out;
}

const tileOf = (lng: number, lat: number, z: number) => {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return `${x}/${y}`;
};

type Offer = ApiFixedOffer & { location_id: number | string; provider_id: number | string };

/** Each id's residential provider × technology offers at a coverage vintage, from the API. */
async function offerKeys(request: APIRequestContext, cv: string, ids: number[]) {
  const records = await apiPost<Offer[]>(request, `/coverage/bdcfixed?vintage=${cv}`, ids);
  const out = new Map<number, Set<string>>(ids.map((id) => [id, new Set()]));
  for (const r of records) {
    if (r.business_residential_code === 'B') continue;
    out.get(Number(r.location_id))?.add(`${r.provider_id}/${r.technology_code}`);
  }
  return out;
}

const compareUrl = (id: number, at: { lng: number; lat: number }) =>
  `/?loc=${id}&v=${AFTER.fabric}&cv=${AFTER.coverage}&wcv=${BEFORE.coverage}&wv=${BEFORE.fabric}#map=16/${at.lat}/${at.lng}`;

test('the location panel shows what changed at a location: the offers added and dropped are those of the API', async ({
  page,
  request,
}) => {
  // Locations near the town's centre in both fabric releases, and their offers at both.
  const both = bitOf(fabric, BEFORE.fabric) | bitOf(fabric, AFTER.fabric);
  const { count, lng, lat, presence, locationId } = fabric.locations;
  const near = new Map<number, { lng: number; lat: number }>();
  for (let i = 0; i < count && near.size < 400; i++) {
    if ((presence[i] & both) !== both) continue;
    if (Math.abs(lng[i] - town.lng) > 0.01 || Math.abs(lat[i] - town.lat) > 0.01) continue;
    near.set(locationId[i], { lng: lng[i], lat: lat[i] });
  }
  const ids = [...near.keys()];
  const [was, is] = [
    await offerKeys(request, BEFORE.coverage, ids),
    await offerKeys(request, AFTER.coverage, ids),
  ];
  const diff = (id: number) => ({
    added: [...is.get(id)!].filter((k) => !was.get(id)!.has(k)).sort(),
    dropped: [...was.get(id)!].filter((k) => !is.get(id)!.has(k)).sort(),
    kept: [...is.get(id)!].filter((k) => was.get(id)!.has(k)).sort(),
  });
  // Preferably one with offers both added and dropped.
  const changed = ids.filter((id) => diff(id).added.length + diff(id).dropped.length > 0);
  const id = changed.find((x) => diff(x).added.length && diff(x).dropped.length) ?? changed[0];
  expect(id, 'a location near the town whose providers changed').toBeDefined();
  const want = diff(id!);

  await page.goto(compareUrl(id!, near.get(id!)!));
  const part = page.getByTestId('location-panel:change');
  await expect(part.getByTestId('location-panel:change-status')).toHaveText(
    /^Status: .+ \(Dec 2024\) → .+ \(Jun 2025\)$/,
  );
  const rows = await part.getByTestId('location-panel:change-row').evaluateAll((trs) =>
    trs.map((tr) => ({
      kind: tr.getAttribute('data-kind'),
      key: `${tr.getAttribute('data-provider')}/${tr.getAttribute('data-technology')}`,
    })),
  );
  const of = (kinds: string[]) =>
    rows
      .filter((r) => kinds.includes(r.kind!))
      .map((r) => r.key)
      .sort();
  expect(of(['added'])).toEqual(want.added);
  expect(of(['dropped'])).toEqual(want.dropped);
  expect(of(['faster', 'slower', 'mixed', 'unchanged'])).toEqual(want.kept);
  // The class is the one worked out from the API's records (compare-expect.ts).
  const cls = (await expectedChanges(request, [id!], BEFORE, AFTER)).get(id!);
  await expect(part.getByTestId('location-panel:change-class')).toHaveAttribute('data-class', cls!);
  await part.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/compare-location-panel.png' });

  // Without a comparison the part is not there.
  await page.goto(`/?loc=${id}&v=${AFTER.fabric}&cv=${AFTER.coverage}`);
  await new LocationPanelDriver(page).expectShown(id!);
  await expect(part).toHaveCount(0);
});

test('a retired location links to its equivalent, and the equivalent back to it', async ({
  page,
}) => {
  // From the seeded fabric: retired by the later release, its equivalent in it, both in one
  // street tile (the reverse link is read from the compare tile).
  const { count, lng, lat, presence, locationId, reLocationId } = fabric.locations;
  const [bBefore, bAfter] = [bitOf(fabric, BEFORE.fabric), bitOf(fabric, AFTER.fabric)];
  const index = new Map<number, number>();
  for (let i = 0; i < count; i++) index.set(locationId[i], i);
  let pair: { old: number; re: number; at: { lng: number; lat: number } } | undefined;
  for (let i = 0; i < count && !pair; i++) {
    if (!(presence[i] & bBefore) || presence[i] & bAfter || !(reLocationId[i] > 0)) continue;
    const j = index.get(reLocationId[i]);
    if (j === undefined || !(presence[j] & bAfter)) continue;
    if (tileOf(lng[i], lat[i], 16) !== tileOf(lng[j], lat[j], 16)) continue;
    pair = { old: locationId[i], re: locationId[j], at: { lng: lng[i], lat: lat[i] } };
  }
  expect(pair, 'a retired location with its equivalent in the same tile').toBeDefined();

  await page.goto(compareUrl(pair!.old, pair!.at));
  const part = page.getByTestId('location-panel:change');
  await expect(part.getByTestId('location-panel:change-class')).toHaveAttribute(
    'data-class',
    'retired_equivalent',
  );
  await expect(part.getByTestId('location-panel:change-status')).toHaveText(
    /→ Not in the fabric \(Jun 2025\)$/,
  );
  const replacedBy = part.getByTestId('location-panel:change-replaced-by');
  await expect(replacedBy).toHaveText(String(pair!.re));
  await replacedBy.click();
  await new LocationPanelDriver(page).expectShown(pair!.re);
  const replaces = part.getByTestId('location-panel:change-replaces');
  await expect(replaces).toHaveText(String(pair!.old));
  await replaces.click();
  await expect(part.getByTestId('location-panel:change-replaced-by')).toHaveText(String(pair!.re));
});

test('at county zoom, hexagons show the net change; a cell’s numbers are the two releases’ hexagon counts', async ({
  page,
  request,
}) => {
  const map = new MapDriver(page);
  const z = 10;
  await page.goto(
    `/?v=${AFTER.fabric}&cv=${AFTER.coverage}&wcv=${BEFORE.coverage}&wv=${BEFORE.fabric}#map=${z}/${town.lat}/${town.lng}`,
  );
  await map.waitForIdle();
  const card = page.getByRole('region', { name: 'Compare releases' });
  await expect(card.getByTestId('compare:hex-net')).toHaveText(/^Net change in view: /);
  // The net-change cells are drawn, the fixed broadband hexagons are not (no overlap).
  const drawn = new Map<string, Record<string, unknown>>();
  for (const p of await map.renderedFeatures('fixed-change-hex-fill')) drawn.set(String(p.h3), p);
  expect(drawn.size).toBeGreaterThan(20);
  expect(await map.renderedFeatures('fixed-hex-fill')).toEqual([]);
  await expect(page.getByTestId('fixed:comparing')).toBeVisible();

  // The legend's classes count the cells in view, and its net changes are their sums.
  let classed = 0;
  for (const cls of ['loss_large', 'loss', 'none', 'gain', 'gain_large']) {
    classed += Number((await card.getByTestId(`compare:hex-count-${cls}`).textContent())!);
  }
  expect(classed).toBe(drawn.size);
  const sum = (name: string) =>
    [...drawn.values()].reduce((s, p) => s + Number(p[`net_${name}`]), 0);
  const signed = (n: number) =>
    n === 0 ? '0' : `${n > 0 ? '+' : '\u2212'}${Math.abs(n).toLocaleString('en-US')}`;
  await expect(card.getByTestId('compare:hex-net')).toHaveText(
    `Net change in view: ${signed(sum('served'))} served, ${signed(sum('underserved'))} underserved, ${signed(sum('unserved'))} unserved`,
  );

  // Point at the town's cell: before → after are the two releases' /fixedhex counts.
  const cell = latLngToCell(town.lat, town.lng, 7);
  expect(await map.coveredAt(town.lng, town.lat)).toBeNull();
  const { x, y } = await map.project(town.lng, town.lat);
  await page.mouse.move(x, y);
  const tip = page.getByTestId('compare:hex-tip');
  await expect(tip).toHaveAttribute('data-h3', cell);
  const [tx, ty] = tileAt(town.lng, town.lat, z);
  const before = (await fixedHexCells(request, BEFORE, { z, x: tx, y: ty })).get(cell)!;
  const after = (await fixedHexCells(request, AFTER, { z, x: tx, y: ty })).get(cell)!;
  const n = (v: number) => v.toLocaleString('en-US');
  for (const row of ['served', 'underserved', 'unserved', 'locations']) {
    await expect(tip.locator(`tr[data-row="${row}"] td`).first()).toHaveText(
      `${n(before[row]!)} → ${n(after[row]!)}`,
    );
    await expect(tip.getByTestId(`compare:hex-tip-net-${row}`)).toHaveText(
      signed(after[row]! - before[row]!),
    );
  }
  // The releases differ in this cell, so a swapped order could not pass.
  expect(before.served).not.toBe(after.served);
  await page.screenshot({ path: 'test-results/compare-county.png' });
});
