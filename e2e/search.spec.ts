// The search box for each kind of text a planner types, against the app's own /api: coordinates
// locate the location the API's locate gives there (in either order), a ZIP code, a town and a
// county fly to the extent places gives (the county then kept as an area, then the town, whose
// report counts what its suggestion did), a street lists addresses that match confirms one by one, and a
// location_id opens that location. Every expected value comes from the API or the seeded fabric.
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import type { Fabric } from '../server/service/store/fabric';
import { expect, test } from './support/fixtures';
import { loadDemoPoints, type DemoPoints } from './support/demo-points';
import { LocationPanelDriver } from './support/location-driver';
import { MapDriver } from './support/map-driver';
import { apiGet } from './support/service-api';

interface Place {
  kind: string;
  name: string;
  zips: string[];
  locationcount: number;
  bbox: [number, number, number, number];
}
interface Places {
  places: Place[];
  addresses: { location_id: number; address: string; city: string; state: string; zip: string }[];
  addresscount: number;
}

let demo: DemoPoints;
let fabric: Fabric;

test.beforeAll(async () => {
  demo = await loadDemoPoints();
  const env = process.env.DEMO_LOCATIONS;
  fabric = await loadDemoFabric(env ? { locations: Number(env) } : {});
});

/** A road name of the current vintage that runs through one town only, with many houses. */
function streetOfOneTown(): string {
  const { locations: loc, roads, vintages } = fabric;
  const bit = 1 << (vintages.length - 1);
  const towns = new Map<string, Set<number>>();
  const houses = new Map<string, Set<number>>();
  for (let i = 0; i < loc.count; i++) {
    if (!(loc.presence[i] & bit)) continue;
    const name = roads.name[loc.road[i]];
    if (!towns.has(name)) towns.set(name, new Set());
    towns.get(name)!.add(loc.town[i]);
    if (!houses.has(name)) houses.set(name, new Set());
    houses.get(name)!.add(loc.houseNumber[i]);
  }
  const names = [...towns.keys()].filter(
    (n) => towns.get(n)!.size === 1 && houses.get(n)!.size > 12,
  );
  expect(names.length, 'roads of one town with more than 12 houses').toBeGreaterThan(0);
  return names.sort()[0];
}

const box = (page: import('@playwright/test').Page) =>
  page.getByRole('combobox', { name: 'Search address' });
const options = (page: import('@playwright/test').Page) =>
  page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');

test('coordinates locate the location the API locates there, in either order', async ({ page }) => {
  const { lng, lat } = demo.points.FootprintParcel;
  const located = await apiGet<{ location_id: number }[]>(
    page.request,
    `/fabricext/${demo.vintage}/locate?latitude=${lat}&longitude=${lng}&parceldistancem=500&neardistancem=50`,
  );
  expect(located).toHaveLength(1);
  const map = new MapDriver(page);
  const panel = new LocationPanelDriver(page);
  await page.goto('/');
  await map.waitForMap();
  for (const text of [
    `${lat.toFixed(7)}, ${lng.toFixed(7)}`,
    `${lng.toFixed(7)} ${lat.toFixed(7)}`,
  ]) {
    await box(page).fill(text);
    await expect(options(page)).toHaveCount(1);
    await expect(options(page).first()).toContainText(`${lat.toFixed(5)}, ${lng.toFixed(5)}`);
    await box(page).press('Enter');
    await panel.expectShown(located[0].location_id);
    await map.waitForIdle();
    const view = await map.view();
    expect(view.zoom).toBeGreaterThanOrEqual(16.9);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.keyboard.press('Escape');
  }
});

test('a ZIP code, a town and the county fly to the extent places gives; the county becomes an area', async ({
  page,
}) => {
  const map = new MapDriver(page);
  await page.goto('/');
  await map.waitForIdle();
  // A town with one ZIP code (the county seat has many), so its ZIP code and name are one place.
  const town = fabric.towns.find(
    (t) => fabric.towns.filter((u) => u.name === t.name).length === 1,
  )!;
  for (const [text, kind, label] of [
    [town.zip, 'zip', 'ZIP code'],
    [town.name, 'town', 'Town'],
    [fabric.county.name, 'county', 'County'],
  ] as const) {
    const answer = await apiGet<Places>(
      page.request,
      `/fabricext/${demo.vintage}/places?q=${encodeURIComponent(text)}`,
    );
    const place = answer.places.find(
      (p) => p.kind === kind && (p.name === text || p.name === town.name),
    );
    expect(place, `${kind} ${text}`).toBeDefined();
    await box(page).fill(text);
    await expect(options(page).first()).toContainText(label);
    await expect(options(page).first()).toContainText(
      `${place!.locationcount.toLocaleString('en-US')} locations`,
    );
    await box(page).press('Enter');
    await map.waitForIdle();
    const [w, s, e, n] = place!.bbox;
    const view = await map.view();
    expect(view.lng, `${text}: centre inside the box`).toBeGreaterThanOrEqual(w);
    expect(view.lng).toBeLessThanOrEqual(e);
    expect(view.lat).toBeGreaterThanOrEqual(s);
    expect(view.lat).toBeLessThanOrEqual(n);
    // Nothing was selected: a place is only flown to.
    await expect(page.getByRole('region', { name: 'Location', exact: true })).toHaveCount(0);
  }
  // The county, chosen last, is offered as a town is: as an area, its Census boundary by GEOID.
  await page.getByRole('button', { name: 'Use as area' }).click();
  await expect(page).toHaveURL(new RegExp(`area=c(:|%3A)${fabric.county.geoid}`));
  await expect(page.getByRole('region', { name: 'Area summary' })).toContainText(
    fabric.county.name,
  );
  // The town kept as an area: its report counts what its suggestion counted (one rule).
  await box(page).fill(town.name);
  const suggested = (await options(page).first().textContent()) ?? '';
  expect(suggested).toContain('Town');
  await box(page).press('Enter');
  await page.getByRole('button', { name: 'Use as area' }).click();
  const total = page.getByTestId('report:total');
  await expect(total).toBeVisible({ timeout: 60_000 });
  expect(suggested).toContain(`${await total.textContent()} locations`);
});

test('a street lists its addresses, each confirmed by match, and one opens', async ({ page }) => {
  const street = streetOfOneTown();
  const answer = await apiGet<Places>(
    page.request,
    `/fabricext/${demo.vintage}/places?q=${encodeURIComponent(street)}&maxresults=10`,
  );
  expect(answer.places[0]).toMatchObject({ kind: 'street', name: street });
  expect(answer.addresses).toHaveLength(10);
  for (const a of answer.addresses) {
    const text = `${a.address}, ${a.city}, ${a.state} ${a.zip}`;
    const match = await apiGet<{ locations: { location_id: number }[] }>(
      page.request,
      `/fabricext/${demo.vintage}/match?maxresults=1&text=${encodeURIComponent(text)}`,
    );
    expect(match.locations[0]?.location_id, text).toBe(a.location_id);
  }

  await page.goto('/');
  await box(page).fill(street.toLowerCase());
  await expect(options(page)).toHaveCount(answer.addresses.length + answer.places.length);
  const shown = await options(page).evaluateAll((items) =>
    items.map((li) => li.firstElementChild?.textContent ?? ''),
  );
  expect(shown.slice(0, 10)).toEqual(answer.addresses.map((a) => a.address));
  await expect(
    page.getByText(`10 of ${answer.addresscount.toLocaleString('en-US')} addresses on ${street}`),
  ).toBeVisible();
  await options(page).nth(3).click();
  await new LocationPanelDriver(page).expectShown(answer.addresses[3].location_id);
});

test('a location_id, typed, is offered and opens that location', async ({ page }) => {
  const id = demo.points.Parcel.locationId;
  await page.goto('/');
  await box(page).fill(String(id));
  await expect(options(page)).toHaveText([`Location ${id}By location ID`]);
  await box(page).press('Enter');
  await new LocationPanelDriver(page).expectShown(id);
});
