// The table of upstream's uuids: built from records in any order (a location met twice with the
// same uuid kept once, with two uuids refused), written and read back, and looked up both ways,
// whatever the uuids' form (upstream's are not necessarily the codec's 36 characters).
import { expect, it } from 'vitest';
import type { SyncedLocation } from './published-shapes';
import {
  decodeUpstreamUuids,
  encodeUpstreamUuids,
  upstreamIdsInMemory,
  vintageUuids,
} from './upstream-uuids';

const rec = (location_id: number, uuid: string) => ({ location_id, uuid }) as SyncedLocation;

it('looks up the uuids read back from their file both ways, and nothing else', async () => {
  const pairs = Array.from({ length: 3000 }, (_, k) => [
    1_000_000_000 + ((k * 7919) % 3000) * 3,
    k % 3 ? `u-${k}-é` : `${k.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
  ]) as [number, string][];
  const records = [...pairs, pairs[5]!].map(([id, uuid]) => rec(id, uuid));
  const tables = [vintageUuids('202412', records), vintageUuids('202506', [rec(7, 'only')])];
  expect(tables[0]!.ids).toHaveLength(pairs.length);
  const bytes = Buffer.concat(encodeUpstreamUuids(tables));
  const ids = upstreamIdsInMemory(decodeUpstreamUuids(bytes));
  for (const [id, uuid] of pairs) {
    expect(await ids.uuidOf('202412', id)).toBe(uuid);
    expect(await ids.locationIdOf('202412', uuid)).toBe(id);
  }
  expect(await ids.uuidOf('202412', 1_000_000_001)).toBeNull();
  expect(await ids.locationIdOf('202412', 'u-1-e')).toBeNull();
  expect(await ids.uuidOf('202506', pairs[0]![0])).toBeNull();
  expect(await ids.locationIdOf('202506', 'only')).toBe(7);
  expect(await ids.uuidOf('202306', 7)).toBeNull();
  expect(() => decodeUpstreamUuids(bytes.subarray(0, bytes.length - 9))).toThrow(/cut short/);
});

it('refuses a location bulk named with two uuids in one vintage', () => {
  expect(() => vintageUuids('202412', [rec(5, 'a'), rec(6, 'b'), rec(5, 'c')])).toThrow(
    /location 5 came with two uuids \(a, c\)/,
  );
});
