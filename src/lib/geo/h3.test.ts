import { describe, expect, it } from 'vitest';
import { getHexagonAreaAvg, getHexagonEdgeLengthAvg } from 'h3-js';
import { cellAtPoint, cellCentre, cellPolygon, cellsInBounds, isMobileCell } from './h3';

// Downtown Springfield, IL: the demo town.
const SPRINGFIELD = { lng: -89.6501, lat: 39.7817 };
// latLngToCell(39.7817, -89.6501, 9); the centre test below checks it independently.
const KNOWN_CELL = '892644d0b37ffff';

describe('cellAtPoint', () => {
  it('takes (lng, lat) and finds the cell h3 finds for (lat, lng)', () => {
    expect(cellAtPoint(SPRINGFIELD.lng, SPRINGFIELD.lat)).toBe(KNOWN_CELL);
  });
});

describe('cellsInBounds', () => {
  const box = { west: -89.7, south: 39.76, east: -89.6, north: 39.8 };

  it('covers the box with about as many cells as its area allows, without duplicates', () => {
    const cells = cellsInBounds(box);
    const kmPerDegLat = 111.32;
    const kmPerDegLng = 111.32 * Math.cos((39.78 * Math.PI) / 180);
    const areaKm2 = (box.east - box.west) * kmPerDegLng * (box.north - box.south) * kmPerDegLat;
    const perimeterKm =
      2 * ((box.east - box.west) * kmPerDegLng + (box.north - box.south) * kmPerDegLat);
    const cellKm2 = getHexagonAreaAvg(9, 'km2');
    const cellDiameterKm = 2 * getHexagonEdgeLengthAvg(9, 'km');
    expect(new Set(cells).size).toBe(cells.length);
    // Overlapping containment adds at most a ring of edge cells one cell wide around the area.
    expect(cells.length).toBeGreaterThan(areaKm2 / cellKm2);
    expect(cells.length).toBeLessThan((areaKm2 + perimeterKm * cellDiameterKm) / cellKm2);
  });

  it('includes the cell under a point inside the box, and not one far outside', () => {
    const cells = new Set(cellsInBounds(box));
    expect(cells.has(cellAtPoint(SPRINGFIELD.lng, SPRINGFIELD.lat))).toBe(true);
    expect(cells.has(cellAtPoint(-89.5, 39.78))).toBe(false);
  });

  it('reads the box as (lng, lat): every cell centre lies in or just beyond it', () => {
    // A cell overlapping the box has its centre at most one cell radius (~0.2 km) outside.
    const margin = 0.005;
    for (const cell of cellsInBounds(box)) {
      const { lng, lat } = cellCentre(cell);
      expect(lng).toBeGreaterThan(box.west - margin);
      expect(lng).toBeLessThan(box.east + margin);
      expect(lat).toBeGreaterThan(box.south - margin);
      expect(lat).toBeLessThan(box.north + margin);
    }
  });

  it('covers a viewport of about 5,000 cells without duplicates', () => {
    // Zoom 13 over the demo town on a map of about 3,400 x 2,600 pixels.
    const cells = cellsInBounds({ west: -89.81, south: 39.71, east: -89.49, north: 39.89 });
    expect(cells.length).toBeGreaterThan(4000);
    expect(cells.length).toBeLessThan(7000);
    expect(new Set(cells).size).toBe(cells.length);
  });

  it('answers nothing for an empty box', () => {
    expect(cellsInBounds({ west: -89.6, south: 39.8, east: -89.6, north: 39.9 })).toEqual([]);
  });
});

describe('cell geometry', () => {
  it('draws a closed [lng, lat] ring around the cell centre', () => {
    const ring = cellPolygon(KNOWN_CELL).coordinates[0];
    expect(ring).toHaveLength(7);
    expect(ring[0]).toEqual(ring[6]);
    for (const [lng, lat] of ring) {
      expect(Math.abs(lng - SPRINGFIELD.lng)).toBeLessThan(0.01);
      expect(Math.abs(lat - SPRINGFIELD.lat)).toBeLessThan(0.01);
    }
  });

  it('names the centre (lng, lat) close to the point that found it', () => {
    const centre = cellCentre(KNOWN_CELL);
    expect(centre.lng).toBeCloseTo(SPRINGFIELD.lng, 2);
    expect(centre.lat).toBeCloseTo(SPRINGFIELD.lat, 2);
  });

  it('accepts only res-9 cells', () => {
    expect(isMobileCell(KNOWN_CELL)).toBe(true);
    expect(isMobileCell('882644d0b3fffff')).toBe(false);
    expect(isMobileCell('not-a-cell')).toBe(false);
  });
});
