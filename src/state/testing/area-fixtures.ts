// Areas and storage states for the persistence tests: a valid square, a bow-tie that crosses
// itself (refused by the import rules), and a way to fill jsdom's real 5 MB storage quota.
import type { Polygon } from 'geojson';
import { squareAround } from '../../../shared/testing/square';
import type { SavedArea } from '../saved-area';

export function square(lng = -89.65, lat = 39.78, d = 0.01): Polygon {
  return squareAround(lng, lat, d);
}

export const bowTie: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-89.7, 39.7],
      [-89.6, 39.8],
      [-89.6, 39.7],
      [-89.7, 39.8],
      [-89.7, 39.7],
    ],
  ],
};

export function savedArea(id: string, name: string, createdAt = 1): SavedArea {
  return { id, name, geometry: square(), source: 'draw', createdAt };
}

/** Fills storage under `key` until at most `room` more characters fit; returns the filler size. */
export function fillStorage(storage: Storage, room: number, key = 'test-filler'): number {
  let size = 0;
  for (let step = 8_000_000; step >= 1; step = Math.floor(step / 2)) {
    try {
      storage.setItem(key, 'x'.repeat(size + step));
      size += step;
    } catch {
      // Too big: try a smaller step.
    }
  }
  storage.setItem(key, 'x'.repeat(Math.max(0, size - room)));
  return size - room;
}
