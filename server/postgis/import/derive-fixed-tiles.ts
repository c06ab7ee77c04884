// What the fixed broadband tiles and hexagons of the PostGIS store read (docs/architecture.md, "The fixed broadband path"), derived when
// an import finishes:
// - fixed_tiers: per coverage vintage, each location's record count and its residential and
//   business tier strings (shared/fixed-status.ts encodeTiers). The rule is not restated in SQL:
//   each distinct offer gets its own strings from encodeTiers, and a location's are the digit by
//   digit maximum over its offers (a bit_or of masks, tierMasks), which is what encodeTiers
//   computes over them all.
// - location_cells, hex_parents and hex_cells: the H3 cell (res 7 and 8) of each location's
//   point, by h3-js as the memory store finds them, the parents (res 5 and 6) of each res-7
//   cell, and each cell's boundary box, so a tile finds its cells. Streamed out through a
//   temporary file and back in with COPY: no fabric is held in memory.
// - hex_groups: per coverage vintage, its release's locations counted by cell, BSL flag and
//   tier strings: what a hexagon tile of that release reads. The coarse resolutions' groups are
//   the res-7 groups summed by parent: a state's hexagons cost one pass over its locations, not three.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { cellToBoundary, cellToParent, latLngToCell } from 'h3-js';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { encodeTiers, TIER_TECHNOLOGIES, TIERS } from '../../../shared/fixed-status';
import type { FixedOffer } from '../../../shared/served-status';
import {
  COARSE_HEX_RESOLUTIONS,
  GROUPED_HEX_RESOLUTIONS,
  HEX_BASE_RESOLUTION,
} from '../../service/store/rules/tile-grid';
import { CopyWriter } from './copy-writer';
import { holdsNoRow, withIndexesAfter } from './indexes-after';

const DIGITS = TIER_TECHNOLOGIES.length * 2;
const OFFERS = `
  SELECT DISTINCT technology::int AS technology_code,
         max_advertised_download_speed, max_advertised_upload_speed,
         low_latency::int AS low_latency, business_residential_code
    FROM fixed_availability WHERE vintage = $1`;

/**
 * A tier string as bit masks whose OR is the string of the digit-by-digit maximum: digit d
 * (0..TIERS.length) is d ones in its own group of TIERS.length bits, so OR keeps the most
 * ones. A location's strings are then a few bit_or over bigints, not a max of substrings per
 * digit (18 text aggregates of each audience per record).
 */
const BITS = TIERS.length;
const PER_WORD = Math.floor(63 / BITS);
const WORDS = Math.ceil(DIGITS / PER_WORD);

function tierMasks(tiers: string): string[] {
  const words = Array.from({ length: WORDS }, () => 0n);
  for (let k = 0; k < DIGITS; k++) {
    const d = tiers.charCodeAt(k) - 48;
    if (!(d >= 0 && d <= BITS)) throw new Error(`tier digit ${tiers[k]} of ${tiers}`);
    const w = Math.floor(k / PER_WORD);
    words[w] |= ((1n << BigInt(d)) - 1n) << BigInt((k % PER_WORD) * BITS);
  }
  return words.map(String);
}

/** The tier string of mask columns `${col}0`, `${col}1`…, as one SQL expression. */
function maskDigits(col: string): string {
  const cases = Array.from({ length: BITS + 1 }, (_, d) => `WHEN ${2 ** d - 1} THEN '${d}'`);
  return Array.from({ length: DIGITS }, (_, k) => {
    const shift = (k % PER_WORD) * BITS;
    return `CASE (${col}${Math.floor(k / PER_WORD)} >> ${shift}) & ${2 ** BITS - 1} ${cases.join(' ')} END`;
  }).join(' || ');
}

async function deriveTiers(client: pg.Client, vintage: string): Promise<void> {
  const { rows } = await client.query<FixedOffer>(OFFERS, [vintage]);
  const col = <K extends keyof FixedOffer>(k: K) => rows.map((o) => o[k]);
  const masks = (audience: 'residential' | 'business') =>
    rows.map((o) => tierMasks(encodeTiers([o], audience)));
  const r = masks('residential');
  const b = masks('business');
  const words = (x: string) => Array.from({ length: WORDS }, (_, w) => `${x}${w}`);
  const params = (first: number) =>
    Array.from({ length: WORDS }, (_, w) => `$${first + w}::bigint[]`);
  const maskCols = [...words('r'), ...words('b')];
  await client.query('DELETE FROM fixed_tiers WHERE vintage = $1', [vintage]);
  // Each location's masks first, grouped over the release's fixed records: a `CREATE TABLE AS`,
  // which PostgreSQL's parallel workers may share (an `INSERT … SELECT` runs in one process).
  await client.query(
    `CREATE TEMP TABLE tier_masks ON COMMIT DROP AS
     SELECT a.location_id, count(*) AS offers, ${maskCols.map((c) => `bit_or(o.${c}) AS ${c}`).join(', ')}
       FROM fixed_availability a
       JOIN (SELECT * FROM unnest($2::smallint[], $3::int[], $4::int[], $5::smallint[], $6::text[],
                                  ${[...params(7), ...params(7 + WORDS)].join(', ')})
               AS o(technology, down, up, low_latency, br, ${maskCols.join(', ')})) o
         ON o.technology = a.technology AND o.down = a.max_advertised_download_speed
        AND o.up = a.max_advertised_upload_speed AND o.low_latency = a.low_latency
        AND o.br = a.business_residential_code::text
      WHERE a.vintage = $1 GROUP BY a.location_id`,
    [
      vintage,
      col('technology_code'),
      col('max_advertised_download_speed'),
      col('max_advertised_upload_speed'),
      col('low_latency'),
      col('business_residential_code'),
      ...Array.from({ length: WORDS }, (_, w) => r.map((m) => m[w])),
      ...Array.from({ length: WORDS }, (_, w) => b.map((m) => m[w])),
    ],
  );
  // Strings are decoded once per distinct mask (a few per release), not per location.
  await client.query(
    `WITH rs AS (SELECT ${words('r').join(', ')}, ${maskDigits('r')} AS s
                   FROM (SELECT DISTINCT ${words('r').join(', ')} FROM tier_masks) d),
          bs AS (SELECT ${words('b').join(', ')}, ${maskDigits('b')} AS s
                   FROM (SELECT DISTINCT ${words('b').join(', ')} FROM tier_masks) d)
     INSERT INTO fixed_tiers (vintage, location_id, offers, r, b)
     SELECT $1, m.location_id, m.offers, rs.s, bs.s
       FROM tier_masks m JOIN rs USING (${words('r').join(', ')}) JOIN bs USING (${words('b').join(', ')})`,
    [vintage],
  );
  await client.query('DROP TABLE tier_masks');
}

/** The parents at each coarse resolution of the base cells, as rows of hex_parents. */
async function writeParents(
  client: pg.Client,
  base: ReadonlySet<string>,
): Promise<Map<number, Set<string>>> {
  const parents = new Map(COARSE_HEX_RESOLUTIONS.map((res) => [res as number, new Set<string>()]));
  const out = CopyWriter.open(client, 'COPY hex_parents (res, child, h3) FROM STDIN');
  try {
    for (const child of base) {
      for (const [res, found] of parents) {
        const parent = cellToParent(child, res);
        found.add(parent);
        out.row([String(res), child, parent]);
        await out.flushSome();
      }
    }
    await out.end();
  } catch (err) {
    await out.abort();
    throw err;
  }
  return parents;
}

/**
 * Each location's cells (its newest release's point), the base cells' parents and every
 * cell's box, rewritten whole.
 */
async function deriveCells(client: pg.Client): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-cells-'));
  try {
    const points = join(dir, 'points.tsv');
    await pipeline(
      client.query(
        copyTo(`COPY (SELECT DISTINCT ON (location_id) location_id, latitude, longitude
                        FROM locations ORDER BY location_id, vintage DESC) TO STDOUT`),
      ),
      createWriteStream(points),
    );
    await client.query('TRUNCATE location_cells, hex_parents, hex_cells');
    const cells = GROUPED_HEX_RESOLUTIONS.map(() => new Set<string>());
    await withIndexesAfter(client, 'location_cells', true, async () => {
      const out = CopyWriter.open(
        client,
        'COPY location_cells (location_id, h3_7, h3_8) FROM STDIN',
      );
      try {
        for await (const line of createInterface({ input: createReadStream(points) })) {
          const [id, lat, lng] = line.split('\t');
          const ids = GROUPED_HEX_RESOLUTIONS.map((res, k) => {
            const cell = latLngToCell(Number(lat), Number(lng), res);
            cells[k].add(cell);
            return cell;
          });
          out.row([id, ...ids]);
          await out.flushSome();
        }
        await out.end();
      } catch (err) {
        await out.abort();
        throw err;
      }
    });
    const byRes = new Map<number, Set<string>>(
      GROUPED_HEX_RESOLUTIONS.map((res, k) => [res, cells[k]]),
    );
    const base = byRes.get(HEX_BASE_RESOLUTION)!;
    for (const [res, found] of await writeParents(client, base)) byRes.set(res, found);
    const boxes = CopyWriter.open(
      client,
      'COPY hex_cells (res, h3, west, south, east, north) FROM STDIN',
    );
    try {
      for (const [res, found] of byRes) {
        for (const cell of found) {
          const ring = cellToBoundary(cell, true);
          const xs = ring.map((p) => p[0]);
          const ys = ring.map((p) => p[1]);
          const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
          // String(x) is the shortest text that reads back as the same double.
          boxes.row([String(res), cell, ...box.map(String)]);
          await boxes.flushSome();
        }
      }
      await boxes.end();
    } catch (err) {
      await boxes.abort();
      throw err;
    }
    return [...byRes.values()].reduce((sum, found) => sum + found.size, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** hex_groups of one coverage vintage: its release's locations by cell, BSL flag and tiers. */
async function deriveGroups(client: pg.Client, vintage: string): Promise<void> {
  await client.query('DELETE FROM hex_groups WHERE vintage = $1', [vintage]);
  const { rows } = await client.query<{ release: string | null }>(
    'SELECT max(vintage) AS release FROM fabric_vintages WHERE vintage <= $1',
    [vintage],
  );
  if (!rows[0].release) return;
  for (const res of GROUPED_HEX_RESOLUTIONS) {
    await client.query(
      `INSERT INTO hex_groups (vintage, res, h3, bsl, r, b, n)
       SELECT $1, ${res}, c.h3_${res}, l.bsl_flag = 1, t.r, t.b, count(*)
         FROM locations l JOIN location_cells c USING (location_id)
         LEFT JOIN fixed_tiers t ON t.vintage = $1 AND t.location_id = l.location_id
        WHERE l.vintage = $2 GROUP BY 3, 4, 5, 6`,
      [vintage, rows[0].release],
    );
  }
  for (const res of COARSE_HEX_RESOLUTIONS) {
    await client.query(
      `INSERT INTO hex_groups (vintage, res, h3, bsl, r, b, n)
       SELECT $1, ${res}, p.h3, g.bsl, g.r, g.b, sum(g.n)
         FROM hex_groups g JOIN hex_parents p ON p.res = ${res} AND p.child = g.h3
        WHERE g.vintage = $1 AND g.res = ${HEX_BASE_RESOLUTION} GROUP BY 3, 4, 5, 6`,
      [vintage],
    );
  }
}

/**
 * Tier strings of each coverage vintage loaded this run (or never derived), the cells when
 * the fabric changed (or were never derived), and the groups of what changed.
 */
export async function deriveFixedTiles(
  client: pg.Client,
  changed: { fabric: boolean; coverage: ReadonlySet<string> },
  log: (m: string) => void,
): Promise<void> {
  const began = performance.now();
  const { rows } = await client.query<{ vintage: string; derived: boolean; grouped: boolean }>(
    `SELECT v.vintage, EXISTS (SELECT 1 FROM fixed_tiers t WHERE t.vintage = v.vintage) AS derived,
            EXISTS (SELECT 1 FROM hex_groups g WHERE g.vintage = v.vintage) AS grouped
       FROM (SELECT DISTINCT vintage FROM import_files WHERE kind = 'fixed') v ORDER BY 1`,
  );
  const stale = rows.filter((r) => changed.coverage.has(r.vintage) || !r.derived);
  await withIndexesAfter(
    client,
    'fixed_tiers',
    await holdsNoRow(client, 'fixed_tiers'),
    async () => {
      for (const { vintage } of stale) await deriveTiers(client, vintage);
    },
  );
  const tiered = performance.now();
  // Cells derived before the coarse resolutions were added have no parents: derived again.
  const { rows: cellRows } = await client.query<{ ok: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM location_cells) AND EXISTS (SELECT 1 FROM hex_parents) AS ok',
  );
  const cells = changed.fabric || !cellRows[0].ok ? await deriveCells(client) : 0;
  const celled = performance.now();
  const regroup = rows.filter((r) => cells > 0 || stale.includes(r) || !r.grouped);
  await withIndexesAfter(client, 'hex_groups', await holdsNoRow(client, 'hex_groups'), async () => {
    for (const { vintage } of regroup) await deriveGroups(client, vintage);
  });
  if (stale.length || cells) {
    const secs = (a: number, b: number) => ((b - a) / 1000).toFixed(1);
    const what = [
      stale.length ? `tier strings of ${stale.map((r) => r.vintage).join(', ')}` : '',
      cells ? `${cells} H3 cells` : '',
    ].filter(Boolean);
    log(
      `${what.join(' and ')} in ${secs(began, performance.now())} s (tiers ${secs(began, tiered)} s, cells ${secs(tiered, celled)} s, hexagon groups ${secs(celled, performance.now())} s)`,
    );
  }
}
