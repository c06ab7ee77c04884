// The streamed assembly (records read twice over, never held) writes the same fabric, byte for
// byte, as the record-holding assembly it replaced (testing/assemble-by-records.ts): over two
// counties and five vintages with retirements and equivalents, records in any order, a record
// a newer vintage replaces; from one record object rewritten for each record (so it keeps none);
// and for a whole sync, its workspace file against the old assembly over the journal's records.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFabric, encodeFabric } from '../demo/fabric-codec';
import type { Fabric } from '../service/store/fabric';
import { assembleFabric, type SyncedArea } from './assemble-fabric';
import { startPublishedProxy, type PublishedProxy } from './published-proxy';
import {
  BoundarySchema,
  Collect3Schema,
  FIELD_GROUPS,
  FixedRecordsSchema,
  HistorySchema,
  LocationRecordSchema,
  type SyncedFixedRecord,
  type SyncedLocation,
} from './published-shapes';
import { runSync } from './run-sync';
import { assembleByRecords, type RecordArea } from './testing/assemble-by-records';
import { demoFabric } from './testing/sync-fixture';
import { COUNTY, syncOptions } from './testing/sync-options';
import { NEIGHBOUR, twoCountyArea, twoCountyFabric } from './testing/two-counties';
import { readManifest } from './workspace-files';

const bytes = (f: Fabric) => Buffer.concat(encodeFabric(f));

/** A fixed shuffle (mulberry32), so a failure is the same on every run. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let a = seed;
  for (let i = out.length - 1; i > 0; i--) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const j = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Iterables that hand out one object, rewritten with each record's values in turn. */
function rewritten<T extends object>(records: readonly T[]): Iterable<T> {
  return {
    *[Symbol.iterator]() {
      const one = { ...records[0]! };
      for (const r of records) yield Object.assign(one, r);
    },
  };
}

let area: RecordArea;

beforeAll(async () => {
  const two = await twoCountyArea(demoFabric());
  // Records in no order of location_id, coverage records of a location apart; and in the oldest
  // vintage a record of a location every vintage holds, on a road and in a town of its own:
  // the newer records win, so neither may be numbered.
  const oldest = new Set(two.locations[0]!.map((r) => r.location_id));
  const kept = two.locations.at(-1)!.find((r) => oldest.has(r.location_id))!;
  const replaced: SyncedLocation = {
    ...kept,
    address_primary: '7 NOWHERE RD',
    city: 'NOWHERE',
    zip: '99999',
  };
  area = {
    ...two,
    locations: two.locations.map((list, vi) =>
      shuffled(vi === 0 ? [replaced, ...list] : list, vi + 1),
    ),
    coverage: two.coverage.map((c, k) => ({ ...c, records: shuffled(c.records, 100 + k) })),
  };
});

describe('the streamed assembly', () => {
  it('writes what the record-holding assembly writes, byte for byte', () => {
    expect(area.counties).toHaveLength(2);
    expect(area.vintages).toHaveLength(5);
    expect(area.equivalents.size).toBeGreaterThan(0);
    const streamed = assembleFabric(area);
    expect(streamed.roads.name).not.toContain('NOWHERE RD');
    expect(streamed.towns.map((t) => t.zip)).not.toContain('99999');
    expect(bytes(streamed).equals(bytes(assembleByRecords(area)))).toBe(true);
  });

  it('keeps no record it is handed: one object rewritten for each assembles the same', () => {
    const streamed: SyncedArea = {
      ...area,
      locations: area.locations.map((list) => rewritten(list)),
      coverage: area.coverage.map((c) => ({ ...c, records: rewritten(c.records) })),
    };
    expect(bytes(assembleFabric(streamed)).equals(bytes(assembleByRecords(area)))).toBe(true);
  });
});

describe('a sync of two counties over three fabric and three coverage vintages', () => {
  let proxy: PublishedProxy;
  const dir = mkdtempSync(join(tmpdir(), 'assemble-fabric-'));
  const FABRIC = ['202312', '202406', '202506'];
  const COVERAGE = ['202306', '202412', '202506'];
  const COUNTIES = [NEIGHBOUR, COUNTY];

  beforeAll(async () => {
    proxy = await startPublishedProxy(await twoCountyFabric(demoFabric()));
  });
  afterAll(async () => {
    await proxy?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The records the pull answered, read from the journal's files as the record-holding sync
   * held them: per vintage county by county, each county's uuids sorted, chunk by chunk.
   */
  function journaledArea(journalDir: string, fabric: Fabric): RecordArea {
    const files = readdirSync(journalDir);
    const read = (name: string): unknown =>
      JSON.parse(readFileSync(join(journalDir, `${name}.json`), 'utf8'));
    const numbered = (prefix: string) =>
      files
        .filter((f) => f.startsWith(prefix))
        .map((f) => f.slice(0, -'.json'.length))
        .sort((a, b) => Number(a.split('-c').at(-1)) - Number(b.split('-c').at(-1)));
    const bulkSize = Number(
      /^bulk-\d+-\d+-n(\d+)-/.exec(files.find((f) => f.startsWith('bulk-'))!)![1],
    );
    const locations = FABRIC.map((v) =>
      COUNTIES.flatMap((county) => {
        const uuids = [
          ...new Set(
            files
              .filter((f) => f.startsWith(`collect3-${county}-${v}-`))
              .flatMap((f) => Collect3Schema.parse(read(f.slice(0, -5))).data),
          ),
        ].sort();
        const records: SyncedLocation[] = [];
        for (let at = 0, c = 0; at < uuids.length; at += bulkSize, c++) {
          const groups = FIELD_GROUPS.map((_, g) => {
            const rows = read(`bulk-${county}-${v}-n${bulkSize}-c${c}-g${g}`) as { uuid: string }[];
            return new Map(rows.map((r) => [r.uuid, r]));
          });
          for (const uuid of uuids.slice(at, at + bulkSize))
            records.push(
              LocationRecordSchema.parse(Object.assign({}, ...groups.map((m) => m.get(uuid)))),
            );
        }
        return records.filter((r) => r.block_geoid.startsWith(county));
      }),
    );
    const release = (cv: string) => FABRIC.filter((v) => v <= cv).at(-1) ?? FABRIC[0]!;
    const coverage = COVERAGE.map((cv) => ({
      vintage: cv,
      records: COUNTIES.flatMap((county): SyncedFixedRecord[] =>
        numbered(`bdcfixed-${county}-${cv}-of-${release(cv)}-`).flatMap((key) =>
          FixedRecordsSchema.parse(read(key)),
        ),
      ),
    }));
    const newest = new Set(locations.at(-1)!.map((r) => r.location_id));
    const retired = new Set(
      locations
        .slice(0, -1)
        .flatMap((list) => list.map((r) => r.location_id))
        .filter((id) => !newest.has(id)),
    );
    const equivalents = new Map(
      [...retired].map((id) => {
        const rows = HistorySchema.parse(read(`history-${FABRIC.at(-1)}-${id}`));
        return [id, rows.find((r) => r.location_id === id)?.re_location_id ?? null] as const;
      }),
    );
    const counties = COUNTIES.map((geoid) => {
      const { geometry, properties } = BoundarySchema.parse(read(`boundary-${geoid}`));
      const boundary: GeoJSON.MultiPolygon =
        geometry.type === 'Polygon'
          ? { type: 'MultiPolygon', coordinates: [geometry.coordinates] }
          : geometry;
      const state = fabric.counties!.find((c) => c.geoid === geoid)!.state;
      return { geoid, name: properties.name ?? geoid, state, boundary };
    });
    const host = new URL(proxy.url).host;
    const seed = createHash('sha256').update(host).digest().readUInt32LE(0);
    return { counties, vintages: fabric.vintages, locations, coverage, equivalents, seed };
  }

  it('writes the workspace the record-holding assembly writes from the same journal', async () => {
    const manifest = await runSync({
      ...syncOptions(proxy.url, dir),
      counties: COUNTIES,
      fabric: FABRIC,
      coverage: COVERAGE,
    });
    expect(readManifest(dir)).toEqual(manifest);
    const written = readFileSync(join(dir, manifest.fabricFile));
    const sync = join(dir, '.sync');
    const journal = join(sync, readdirSync(sync)[0]!);
    const reference = journaledArea(journal, decodeFabric(written)!);
    expect(reference.equivalents.size).toBeGreaterThan(0);
    expect(reference.locations.every((list) => list.length > 0)).toBe(true);
    expect(written.equals(bytes(assembleByRecords(reference)))).toBe(true);
  });
});
