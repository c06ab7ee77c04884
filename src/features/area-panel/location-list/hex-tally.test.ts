// The area's hexagons from its location list: rows loaded from published answers (as the list's
// own test loads them) counted per H3 res-8 cell by status under the filters, the statuses as
// the report counts them, the net change after − before when comparing, and the GeoJSON file.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../../shared/fixed-status';
import { cellAtPoint } from '../../../lib/geo/h3';
import { areaHexesGeoJson } from './area-hexes-geojson';
import { bslsOf, HEX_RESOLUTION, HexTally, netChanges, shortShare } from './hex-tally';
import type { ListRow } from './location-list-rows';
import { loadRows } from './testing/published-list';

afterEach(() => vi.unstubAllGlobals());

const cellOf = (row: ListRow) => cellAtPoint(row.point!.lng, row.point!.lat, HEX_RESOLUTION);

async function tallied(filters: FixedFilters, compare: boolean) {
  const { rows, ctx } = await loadRows(filters, compare);
  const tally = new HexTally(compare);
  for (const row of rows) tally.add(row);
  const byH3 = new Map(tally.cells().map((c) => [c.h3, c]));
  return { rows, ctx, tally, byH3 };
}

describe('the hexagon tally of a location list', () => {
  it('counts each location in its res-8 cell, by status and units, under the filters', async () => {
    const { rows, tally, byH3 } = await tallied(DEFAULT_FIXED_FILTERS, false);
    expect(tally.cells()).toHaveLength(2);
    const one = byH3.get(cellOf(rows[0]!))!;
    const two = byH3.get(cellOf(rows[1]!))!;
    expect(one.b).toBeNull();
    expect(one.a.locationsBy.served).toBe(1);
    expect(one.a.unitsBy.served).toBe(3);
    expect(shortShare(one.a)).toBe(0);
    // Satellite only: unserved under BEAD.
    expect(two.a.locationsBy.unserved).toBe(1);
    expect(shortShare(two.a)).toBe(1);
    expect(tally.listed).toBe(2);
  });

  it('follows the filters: for business, fiber only, the residential fiber offer does not count', async () => {
    const filters: FixedFilters = {
      audience: 'business',
      speed: '1000/100',
      tech: 'fiber',
      lowLatency: false,
    };
    const { rows, byH3 } = await tallied(filters, false);
    // Served under the default filters (the first test); here no offer counts.
    expect(byH3.get(cellOf(rows[0]!))!.a.locationsBy.unserved).toBe(1);
  });

  it('counts "no offers" inside unserved too, notinrelease and notbsl outside the BSLs, units once', () => {
    const tally = new HexTally(false);
    const point = { lng: -89.65, lat: 39.78 };
    const at = (status: ListRow['status']['a'], units: number) =>
      tally.add({ status: { a: status, b: null }, units: { a: units, b: 0 }, point });
    at('nooffers', 2);
    at('underserved', 1);
    at('notinrelease', 5);
    at('notbsl', 7);
    tally.add({ status: { a: 'served', b: null }, units: { a: 1, b: 0 }, point: null });
    const [cell] = tally.cells();
    expect(cell!.a.locationsBy).toMatchObject({
      unserved: 1,
      nooffers: 1,
      notinrelease: 1,
      notbsl: 1,
    });
    expect(bslsOf(cell!.a)).toBe(2);
    expect(cell!.a.locations).toBe(4);
    expect(shortShare(cell!.a)).toBe(1);
    expect(tally.unplaced).toBe(1);
    expect(tally.listed).toBe(5);
  });

  it('comparing: each release counted, the net change after − before, a new location only after', async () => {
    const { rows, ctx, byH3 } = await tallied(DEFAULT_FIXED_FILTERS, true);
    expect(ctx.earlier).toBe('b');
    const one = byH3.get(cellOf(rows[0]!))!;
    expect(one.b!.locationsBy.unserved).toBe(1);
    expect(netChanges(one, ctx.earlier)).toEqual({
      net_served: 1,
      net_underserved: 0,
      net_unserved: -1,
      net_bsls: 0,
      net_locations: 0,
    });
    // Not in B's fabric: new in A's.
    const two = byH3.get(cellOf(rows[1]!))!;
    expect(two.b!.locations).toBe(0);
    expect(netChanges(two, ctx.earlier)).toMatchObject({ net_unserved: 1, net_locations: 1 });
    // Read the other way round, the signs turn.
    expect(netChanges(one, 'a').net_served).toBe(-1);
  });
});

describe('the area and its hexagons as GeoJSON', () => {
  it('puts the area first with its releases and filters, then one res-8 cell per hexagon', async () => {
    const { rows, ctx, tally } = await tallied(DEFAULT_FIXED_FILTERS, true);
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [-90, 39],
          [-89, 39],
          [-89, 40],
          [-90, 39],
        ],
      ],
    };
    const doc = areaHexesGeoJson({
      name: 'Ward 3',
      geometry,
      context: ctx,
      tally,
      generated: new Date('2025-07-01T12:00:00.123Z'),
      source: 'Demo data (synthetic): not real locations or offers',
    });
    const [area, ...hexes] = doc.features;
    expect(area!.geometry).toBe(geometry);
    expect(area!.properties).toMatchObject({
      kind: 'area',
      name: 'Ward 3',
      fabric: '202506',
      coverage: '202506',
      fabric_b: '202412',
      coverage_b: '202412',
      audience: 'residential',
      speed: 'bead',
      generated: '2025-07-01T12:00:00Z',
      locations: 2,
      hexagons: 2,
      unplaced: 0,
    });
    expect(String(area!.properties!.net_change)).toContain(
      'fabric 202412, coverage 202412 (the _b counts)',
    );
    expect(hexes.map((f) => f.properties!.h3)).toEqual(rows.map(cellOf).sort());
    const one = hexes.find((f) => f.properties!.h3 === cellOf(rows[0]!))!;
    expect(one.geometry.type).toBe('Polygon');
    expect(one.properties).toMatchObject({
      kind: 'hexagon',
      locations: 1,
      bsls: 1,
      served: 1,
      served_units: 3,
      units: 3,
      share: 0,
      unserved_b: 1,
      share_b: 1,
      net_served: 1,
      net_unserved: -1,
    });
  });

  it('counts each release’s units as its own fabric gives them', () => {
    const tally = new HexTally(true);
    const point = { lng: -89.65, lat: 39.78 };
    tally.add({ status: { a: 'served', b: 'unserved' }, units: { a: 2, b: 3 }, point });
    const [cell] = tally.cells();
    expect(cell!.a.unitsBy.served).toBe(2);
    expect(cell!.b!.unitsBy.unserved).toBe(3);
  });
});
