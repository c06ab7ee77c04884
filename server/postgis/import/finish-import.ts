// What an import run does once its files are in: attach each vintage loaded for the first time
// (building its indexes after the load, in one pass), ANALYZE what changed, and derive what the
// store reads besides the files: releases, location feature ranks, which layer serves which
// release, and the parcel and footprint of each location.
import pg from 'pg';
import { DEMO_VINTAGES } from '../../demo/vintages';
import { deriveFixedTiles } from './derive-fixed-tiles';
import { deriveLocationCoverage } from './derive-location-coverage';
import { derivePointBlocks } from './derive-point-blocks';
import { deriveTownLabels } from './derive-town-labels';
import { detachedPartitions, partitionName } from './partitions';
import { FileRefused } from './read-csv';

export const DATA_TABLES = [
  'locations',
  'retirements',
  'fixed_availability',
  'mobile_coverage',
  'parcels',
  'footprints',
  'roads',
] as const;

/** Locations that two files both hold: what stops a fabric vintage from being attached. */
async function explainDuplicates(client: pg.Client, table: string, vintage: string) {
  if (table !== 'locations') return '';
  const { rows } = await client.query<{ id: string; files: string[] }>(
    `SELECT l.location_id::text AS id, array_agg(f.name ORDER BY f.name) AS files
       FROM ${pg.escapeIdentifier(partitionName(table, vintage))} l JOIN import_files f USING (file_id)
      GROUP BY l.location_id HAVING count(*) > 1 ORDER BY l.location_id LIMIT 3`,
  );
  return rows.map((r) => `location_id ${r.id} in ${r.files.join(' and ')}`).join('; ');
}

/** Attaches every vintage table loaded but not yet attached (this run's, or a stopped run's). */
async function attachLoaded(client: pg.Client, touched: Touched, log: (m: string) => void) {
  for (const table of DATA_TABLES) {
    for (const vintage of await detachedPartitions(client, table)) {
      const child = pg.escapeIdentifier(partitionName(table, vintage));
      const began = performance.now();
      try {
        await client.query(
          `ALTER TABLE ${pg.escapeIdentifier(table)} ATTACH PARTITION ${child} FOR VALUES IN (${pg.escapeLiteral(vintage)})`,
        );
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
        const which = await explainDuplicates(client, table, vintage);
        throw new FileRefused(
          `${table} of ${vintage} cannot be published: the same key comes from two files (${which || (err as Error).message}); re-import the corrected file`,
        );
      }
      touched.set(table, (touched.get(table) ?? new Set<string>()).add(vintage));
      log(
        `attached ${table} ${vintage}: indexes built in ${((performance.now() - began) / 1000).toFixed(1)} s`,
      );
    }
  }
}

async function writeReleases(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ vintage: string }>(
    `SELECT DISTINCT vintage FROM import_files WHERE kind = 'locations' ORDER BY vintage`,
  );
  const vintages = rows.map((r) => r.vintage);
  await client.query('DELETE FROM fabric_vintages');
  for (const v of DEMO_VINTAGES.filter((d) => vintages.includes(d.vintage))) {
    await client.query(
      `INSERT INTO fabric_vintages (vintage, svcversion, fccversion, fccrelease, ntiaversion, vintagename)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [v.vintage, v.svcversion, v.fccversion, v.fccrelease, v.ntiaversion, v.vintagename],
    );
  }
  return vintages;
}

/** The feature of layer table `table` that covers `point` (an SQL expression), or NULL. */
function coveringFeature(table: string, vintage: string | null, point: string): string {
  if (vintage === null) return 'NULL::integer';
  const t = pg.escapeIdentifier(partitionName(table, vintage));
  // ST_Covers takes a point-in-polygon shortcut that ST_Intersects does not: 2-3x faster here.
  return `(SELECT min(a.feature) FROM ${t} a WHERE ST_Covers(a.geom, ${point}))`;
}

/**
 * The parcel and footprint of each location for releases served by the same parcel and
 * footprint layers: worked out once per distinct point (visited in the Hilbert order PostGIS
 * sorts geometries by, so neighbouring probes hit the same index pages), then written for each
 * release.
 */
async function deriveLocationAreas(
  client: pg.Client,
  vintages: string[],
  p: string | null,
  f: string | null,
) {
  await client.query('DELETE FROM location_areas WHERE vintage = ANY($1)', [vintages]);
  await client.query(
    `CREATE TEMP TABLE point_areas ON COMMIT DROP AS
     SELECT * FROM (
       SELECT d.location_id, d.latitude, d.longitude,
              ${coveringFeature('parcels', p, 'd.geom')} AS parcel_feature,
              ${coveringFeature('footprints', f, 'd.geom')} AS footprint_feature
         FROM (SELECT DISTINCT location_id, latitude, longitude, geom FROM locations
                WHERE vintage = ANY($1) ORDER BY geom) d) x
      WHERE parcel_feature IS NOT NULL OR footprint_feature IS NOT NULL`,
    [vintages],
  );
  await client.query(
    `INSERT INTO location_areas (vintage, location_id, parcel_feature, footprint_feature)
     SELECT l.vintage, l.location_id, a.parcel_feature, a.footprint_feature
       FROM locations l JOIN point_areas a USING (location_id, latitude, longitude)
      WHERE l.vintage = ANY($1)`,
    [vintages],
  );
  await client.query('DROP TABLE point_areas');
}

/** The parcel of each footprint, for one pair of layers (written once, whatever it serves). */
async function deriveFootprintParcels(client: pg.Client, p: string, f: string) {
  await client.query(
    'DELETE FROM footprint_parcels WHERE parcels_vintage = $1 AND footprints_vintage = $2',
    [p, f],
  );
  await client.query(
    `INSERT INTO footprint_parcels (parcels_vintage, footprints_vintage, footprint_feature, parcel_feature)
     SELECT $1, $2, b.feature, b.parcel_feature
       FROM (SELECT fp.feature, ${coveringFeature('parcels', p, 'ST_PointOnSurface(fp.geom)')} AS parcel_feature
               FROM ${pg.escapeIdentifier(partitionName('footprints', f))} fp ORDER BY fp.geom) b
      WHERE b.parcel_feature IS NOT NULL`,
    [p, f],
  );
}

/** Vintages loaded into, by table, during one run. */
export type Touched = Map<(typeof DATA_TABLES)[number], Set<string>>;

export async function finishImport(
  client: pg.Client,
  touched: Touched,
  log: (m: string) => void,
): Promise<void> {
  await attachLoaded(client, touched, log);
  for (const [table, vintages] of touched) {
    for (const v of vintages) {
      const { rows } = await client.query('SELECT to_regclass($1) AS t', [partitionName(table, v)]);
      if (rows[0].t) await client.query(`ANALYZE ${pg.escapeIdentifier(partitionName(table, v))}`);
    }
  }
  const began = performance.now();
  await client.query('BEGIN');
  // The spatial joins' cost estimates are huge, which makes the planner spend seconds compiling
  // them (JIT) for no gain.
  await client.query('SET LOCAL jit = off');
  const releases = await writeReleases(client);
  const fabricChanged = touched.get('locations') ?? new Set<string>();
  if (fabricChanged.size > 0) {
    await client.query('TRUNCATE location_features');
    await client.query(
      `INSERT INTO location_features (location_id, feature)
       SELECT location_id, row_number() OVER (ORDER BY location_id) - 1
         FROM (SELECT DISTINCT location_id FROM locations) d`,
    );
    await client.query('TRUNCATE match_cities');
    await client.query('INSERT INTO match_cities (city) SELECT DISTINCT city FROM locations');
  }
  const coverageChanged = touched.get('fixed_availability') ?? new Set<string>();
  const coverageBegan = performance.now();
  const covered = await deriveLocationCoverage(
    client,
    releases,
    (v) => fabricChanged.has(v) || coverageChanged.has(v),
  );
  if (covered.length) {
    log(
      `coverage fields of ${covered.join(', ')} in ${((performance.now() - coverageBegan) / 1000).toFixed(1)} s`,
    );
  }
  const { rows: before } = await client.query<{ row: string }>(
    'SELECT fabric_layers::text AS row FROM fabric_layers',
  );
  await client.query('DELETE FROM fabric_layers');
  await client.query(
    `INSERT INTO fabric_layers (vintage, parcels_vintage, footprints_vintage, roads_vintage)
     SELECT v.vintage,
       (SELECT max(vintage) FROM import_files WHERE kind = 'parcels' AND vintage <= v.vintage),
       (SELECT max(vintage) FROM import_files WHERE kind = 'footprints' AND vintage <= v.vintage),
       (SELECT max(vintage) FROM import_files WHERE kind = 'roads' AND vintage <= v.vintage)
       FROM unnest($1::text[]) AS v(vintage)`,
    [releases],
  );
  const { rows: after } = await client.query<{
    vintage: string;
    row: string;
    p: string | null;
    f: string | null;
  }>(
    'SELECT vintage, fabric_layers::text AS row, parcels_vintage AS p, footprints_vintage AS f FROM fabric_layers',
  );
  const old = new Set(before.map((r) => r.row));
  const layerVintages = (['parcels', 'footprints'] as const).flatMap((t) => [
    ...(touched.get(t) ?? []),
  ]);
  const stale = new Map<string, { p: string | null; f: string | null; vintages: string[] }>();
  for (const { vintage, row, p, f } of after) {
    // A layer reloaded for an earlier vintage may serve this one too.
    const layerChanged = layerVintages.some((v) => v <= vintage);
    if (old.has(row) && !fabricChanged.has(vintage) && !layerChanged) continue;
    const key = `${p}/${f}`;
    const group = stale.get(key) ?? { p, f, vintages: [] };
    group.vintages.push(vintage);
    stale.set(key, group);
  }
  for (const { p, f, vintages } of stale.values()) {
    const t0 = performance.now();
    await deriveLocationAreas(client, vintages, p, f);
    const t1 = performance.now();
    if (p !== null && f !== null) {
      const layerTouched = layerVintages.includes(p) || layerVintages.includes(f);
      const { rowCount } = await client.query(
        'SELECT 1 FROM footprint_parcels WHERE parcels_vintage = $1 AND footprints_vintage = $2 LIMIT 1',
        [p, f],
      );
      if (layerTouched || !rowCount) await deriveFootprintParcels(client, p, f);
    }
    const secs = (a: number, b: number) => ((b - a) / 1000).toFixed(1);
    log(
      `parcels and footprints of the locations of ${vintages.join(', ')} in ${secs(t0, t1)} s, of footprints in ${secs(t1, performance.now())} s`,
    );
  }
  await deriveTownLabels(client, fabricChanged.size > 0, log);
  await deriveFixedTiles(
    client,
    { fabric: fabricChanged.size > 0, coverage: coverageChanged },
    log,
  );
  // Last: the blocks read the locations, their feature ranks and coverage fields written above.
  await derivePointBlocks(client, log);
  await client.query('COMMIT');
  for (const t of [
    'fabric_vintages',
    'location_features',
    'match_cities',
    'fabric_layers',
    'location_areas',
    'footprint_parcels',
    'location_coverage',
    'fixed_tiers',
    'location_cells',
    'hex_cells',
    'hex_groups',
    'town_labels',
  ]) {
    await client.query(`ANALYZE ${t}`);
  }
  log(`derived tables written in ${((performance.now() - began) / 1000).toFixed(1)} s`);
}
