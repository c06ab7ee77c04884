// Fixed broadband hexagons over real HTTP (docs/SERVICE.md; docs/architecture.md, "The fixed broadband path"): a cell counts the
// locations a summarize of its polygon counts, and splits its BSLs as statusFromOffers splits
// them from their bdcfixed records, under each filter; locations outside the coverage vintage's
// release are counted apart; a cell is drawn in every tile its boundary reaches.
import { cellToBoundary, getResolution } from 'h3-js';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIXED_FILTERS,
  fixedFiltersRecord,
  statusFromOffers,
  type FixedFilters,
} from '../../../shared/fixed-status';
import {
  DEMO,
  demoService,
  featuresOf,
  fetchLayer,
  fixedOffersOf,
  locationsInside,
  presentIn,
  summarizeCount,
  tileOf,
} from './fixed-tile-support';

const svc = demoService();
const FV = '202506';
const OLDER = '202412';
/** The city, where the demo's locations are densest. */
const [CITY_LNG, CITY_LAT] = [DEMO.towns[0]!.lng, DEMO.towns[0]!.lat];

// Each changes some city cell's counts (checked below): satellite reaches 100/20 but is not
// BEAD-reliable, unlicensed fixed wireless counts only under a threshold, fiber is not everywhere.
const FILTER_SETS: FixedFilters[] = [
  DEFAULT_FIXED_FILTERS,
  { ...DEFAULT_FIXED_FILTERS, speed: '1000/100' },
  { ...DEFAULT_FIXED_FILTERS, speed: '100/20' },
  { ...DEFAULT_FIXED_FILTERS, speed: '100/20', tech: 'fiber' },
  { ...DEFAULT_FIXED_FILTERS, audience: 'business', tech: 'copper' },
  { audience: 'residential', speed: '25/3', tech: 'fixedwireless', lowLatency: true },
];

async function hexCells(cv: string, fv: string, z: number, filters = DEFAULT_FIXED_FILTERS) {
  const [x, y] = tileOf(CITY_LNG, CITY_LAT, z);
  const query = new URLSearchParams({ fabric: fv, ...fixedFiltersRecord(filters) });
  const path = `/coverage/${cv}/fixedhex/${z}/${x}/${y}.pbf?${query}`;
  return featuresOf(await fetchLayer(svc.url, path, 'fixed_hex')).map((f) => f.properties);
}

const polygon = (h3: string): GeoJSON.Polygon => ({
  type: 'Polygon',
  coordinates: [cellToBoundary(h3, true)],
});

/** The cells with the most locations, and the one with the fewest. */
function sample(cells: Awaited<ReturnType<typeof hexCells>>, n: number) {
  const sorted = cells.toSorted((a, b) => Number(b.locations) - Number(a.locations));
  return [...sorted.slice(0, n), sorted.at(-1)!];
}

/** What the published operations say of a cell: its locations' statuses under the filters. */
async function expectedCounts(cv: string, fv: string, h3: string, filters: FixedFilters[]) {
  const inside = await locationsInside(svc.url, fv, polygon(h3));
  const ids = inside.map((l) => l.location_id);
  const inRelease = await presentIn(svc.url, cv, ids);
  const bsls = inside.filter((l) => l.bsl_flag === 1 && inRelease.has(l.location_id));
  const offers = await fixedOffersOf(
    svc.url,
    cv,
    bsls.map((l) => l.location_id),
  );
  return filters.map((f) => {
    const count = { served: 0, underserved: 0, unserved: 0 };
    for (const l of bsls) count[statusFromOffers(offers.get(l.location_id)!, f)]++;
    return {
      locations: inside.length,
      notinrelease: ids.length - inRelease.size,
      bsls: bsls.length,
      ...count,
    };
  });
}

describe('GET /coverage/{cv}/fixedhex/{z}/{x}/{y}.pbf', () => {
  it.each([
    [9, 7],
    [11, 8],
  ])('at zoom %i: res-%i cells count what a summarize of their polygon counts', async (z, res) => {
    const cells = await hexCells(FV, FV, z);
    expect(cells.length).toBeGreaterThan(3);
    for (const cell of sample(cells, 3)) {
      const h3 = String(cell.h3);
      expect(getResolution(h3)).toBe(res);
      expect(cell.locations).toBe(await summarizeCount(svc.url, FV, polygon(h3)));
      expect(Number(cell.served) + Number(cell.underserved) + Number(cell.unserved)).toBe(
        cell.bsls,
      );
      const short = Number(cell.unserved) + Number(cell.underserved);
      const bsls = Number(cell.bsls);
      expect(cell.share).toBe(bsls === 0 ? 0 : Math.round((short / bsls) * 1000) / 1000);
      expect(cell.few).toBe(bsls < 10 ? 1 : 0);
    }
  });

  it("splits every cell's BSLs under each filter as statusFromOffers does from their records", async () => {
    const perFilter = await Promise.all(FILTER_SETS.map((f) => hexCells(FV, FV, 11, f)));
    const cells = perFilter[0]!.map((c) => String(c.h3));
    expect(cells.length).toBeGreaterThan(3);
    for (const h3 of cells) {
      const expected = await expectedCounts(FV, FV, h3, FILTER_SETS);
      perFilter.forEach((tile, k) => {
        const got = tile.find((c) => c.h3 === h3);
        expect(got, JSON.stringify(FILTER_SETS[k])).toMatchObject(expected[k]!);
      });
    }
    // Every filter set changes some cell's counts, so each comparison above can fail.
    const counts = perFilter.map((t) => JSON.stringify(t.map((c) => [c.served, c.underserved])));
    for (const k of [1, 2, 3, 4, 5]) expect(counts[k], `filter set ${k}`).not.toBe(counts[0]);
  });

  it('counts locations outside the coverage vintage release apart from the BSLs', async () => {
    const cells = await hexCells(OLDER, FV, 11);
    const withNew = cells.filter((c) => Number(c.notinrelease) > 0);
    expect(withNew.length).toBeGreaterThan(0);
    for (const cell of sample(withNew, 1)) {
      const [expected] = await expectedCounts(OLDER, FV, String(cell.h3), [DEFAULT_FIXED_FILTERS]);
      expect(cell).toMatchObject(expected!);
    }
  });

  it('draws a cell, with the same counts, in every tile its boundary reaches', async () => {
    const z = 11;
    const cells = await hexCells(FV, FV, z);
    const [home] = tileOf(CITY_LNG, CITY_LAT, z);
    // A cell that crosses its tile's edge: some vertex lies in another tile.
    const crossing = cells.find((c) =>
      cellToBoundary(String(c.h3), true).some(([lng, lat]) => tileOf(lng!, lat!, z)[0] !== home),
    )!;
    const tiles = new Set(
      cellToBoundary(String(crossing.h3), true).map(([lng, lat]) =>
        tileOf(lng!, lat!, z).join('/'),
      ),
    );
    expect(tiles.size).toBeGreaterThan(1);
    for (const tile of tiles) {
      const layer = await fetchLayer(
        svc.url,
        `/coverage/${FV}/fixedhex/${z}/${tile}.pbf?fabric=${FV}`,
        'fixed_hex',
      );
      expect(featuresOf(layer).find((f) => f.properties.h3 === crossing.h3)?.properties).toEqual(
        crossing,
      );
    }
  });

  it('is res 5 at zoom 5 and 6, 6 at 7 and 8, 7 at 9 and 10, 8 at 11 and 12, empty elsewhere', async () => {
    expect(await hexCells(FV, FV, 13)).toEqual([]);
    expect(await hexCells(FV, FV, 4)).toEqual([]);
    for (const [z, res] of [
      [5, 5],
      [6, 5],
      [7, 6],
      [8, 6],
      [9, 7],
      [10, 7],
      [11, 8],
      [12, 8],
    ] as const) {
      const cells = await hexCells(FV, FV, z);
      expect(cells.length, `zoom ${z}`).toBeGreaterThan(0);
      for (const c of cells) expect(getResolution(String(c.h3))).toBe(res);
    }
  });
});
