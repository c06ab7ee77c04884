// Compare releases in the browser (issue 14): over the demo town, the map rings each location
// whose status changed between two releases, every ring's class is the class worked out from
// the API's records (compare-expect.ts), every changed location well inside the view is ringed,
// and the legend's counts are those rings counted. The comparison survives a reload.
import { expectedChanges, type Release } from './support/compare-expect';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import type { Fabric } from '../server/service/store/fabric';
import { densestTown, type DemoTown } from './support/demo-town';
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
  await expect(card.getByTestId('compare:changed')).toHaveText(
    `${drawn.size.toLocaleString('en-US')} changed in view`,
  );
  console.log(`compare view over the demo town: page load → drawn and counted ${drawnMs} ms`);
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
