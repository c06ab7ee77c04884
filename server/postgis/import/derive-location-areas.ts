// fabric_layers, location_areas and footprint_parcels (schema.sql): which parcel, footprint and
// road layer serves each release, the parcel and footprint of each location of a release, and
// the parcel of each footprint. Rewritten for the releases whose layers or locations changed.
import pg from 'pg';
import { holdsNoRow, withIndexesAfter } from './indexes-after';
import { partitionName } from './partitions';

/** The feature of layer table `table` that covers `point` (an SQL expression), or NULL. */
function coveringFeature(table: string, vintage: string | null, point: string): string {
  if (vintage === null) return 'NULL::integer';
  const t = pg.escapeIdentifier(partitionName(table, vintage));
  // ST_Covers takes a point-in-polygon shortcut that ST_Intersects does not: 2-3x faster here.
  return `(SELECT min(a.feature) FROM ${t} a WHERE ST_Covers(a.geom, ${point}))`;
}

/**
 * For each location of partition `locations` that a feature of layer `table` covers, the lowest
 * such feature (`location_id`, `feature`); no row without a layer. Found from the features: each
 * polygon probes the locations' point index (Delaware at 1M: parcels and footprints 27.9 s in
 * all, against 44.5 s for each point probing the polygons' indexes). COALESCE hides the
 * polygons' own index from the planner, so it cannot turn the probe round; as a join, then
 * grouped, the work may go to PostgreSQL's parallel workers, which neither a subquery per row nor
 * a lateral join can use, and a `CREATE TABLE AS` may use them where an `INSERT … SELECT` may not.
 */
function coveringHits(table: string, vintage: string | null, locations: string): string {
  if (vintage === null)
    return 'SELECT NULL::bigint AS location_id, NULL::integer AS feature WHERE false';
  const t = pg.escapeIdentifier(partitionName(table, vintage));
  return `SELECT l.location_id, min(a.feature) AS feature
            FROM ${t} a JOIN ${locations} l ON ST_Covers(COALESCE(a.geom), l.geom)
           GROUP BY l.location_id`;
}

/** The parcel and footprint of each location of release `v`, from layers `p` and `f`. */
async function deriveOneRelease(client: pg.Client, v: string, p: string | null, f: string | null) {
  const locations = pg.escapeIdentifier(partitionName('locations', v));
  const parcels = coveringHits('parcels', p, locations);
  const footprints = coveringHits('footprints', f, locations);
  await client.query(`CREATE TEMP TABLE parcel_hits ON COMMIT DROP AS ${parcels}`);
  await client.query(`CREATE TEMP TABLE footprint_hits ON COMMIT DROP AS ${footprints}`);
  await client.query(
    `INSERT INTO location_areas (vintage, location_id, parcel_feature, footprint_feature)
     SELECT $1, location_id, pa.feature, fo.feature
       FROM parcel_hits pa FULL JOIN footprint_hits fo USING (location_id)`,
    [v],
  );
  await client.query('DROP TABLE parcel_hits, footprint_hits');
}

/**
 * The parcel and footprint of each location for releases served by the same parcel and
 * footprint layers. One release: each feature probes its locations, in parallel. Several:
 * worked out once per distinct point (visited in the Hilbert order PostGIS sorts geometries by,
 * so neighbouring probes hit the same index pages), then written for each release.
 */
async function deriveLocationAreas(
  client: pg.Client,
  vintages: string[],
  p: string | null,
  f: string | null,
) {
  const empty = await holdsNoRow(client, 'location_areas');
  await client.query('DELETE FROM location_areas WHERE vintage = ANY($1)', [vintages]);
  await withIndexesAfter(client, 'location_areas', empty, () =>
    vintages.length === 1
      ? deriveOneRelease(client, vintages[0]!, p, f)
      : derivePointAreas(client, vintages, p, f),
  );
}

/** Several releases: each distinct point probed once, then written for each release. */
async function derivePointAreas(
  client: pg.Client,
  vintages: string[],
  p: string | null,
  f: string | null,
) {
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

/**
 * The parcel of each footprint, for one pair of layers (written once, whatever it serves): the
 * parcel that covers its `ST_PointOnSurface`, lowest first. Found from the parcels, as the
 * locations' are: each parcel probes the footprints' index for those whose box meets its own
 * (any footprint with a point inside the parcel does), in parallel into a table, then written.
 * Delaware at 1M: 10.4 s against 17.6 s probing the parcels from each footprint's point.
 */
async function deriveFootprintParcels(client: pg.Client, p: string, f: string) {
  const empty = await holdsNoRow(client, 'footprint_parcels');
  await client.query(
    'DELETE FROM footprint_parcels WHERE parcels_vintage = $1 AND footprints_vintage = $2',
    [p, f],
  );
  const parcels = pg.escapeIdentifier(partitionName('parcels', p));
  const footprints = pg.escapeIdentifier(partitionName('footprints', f));
  await client.query(
    `CREATE TEMP TABLE footprint_areas ON COMMIT DROP AS
     SELECT fp.feature, min(a.feature) AS parcel_feature
       FROM ${parcels} a JOIN ${footprints} fp
         ON COALESCE(a.geom) && fp.geom AND ST_Covers(COALESCE(a.geom), ST_PointOnSurface(fp.geom))
      GROUP BY fp.feature`,
  );
  await withIndexesAfter(client, 'footprint_parcels', empty, () =>
    client.query(
      `INSERT INTO footprint_parcels (parcels_vintage, footprints_vintage, footprint_feature, parcel_feature)
       SELECT $1, $2, feature, parcel_feature FROM footprint_areas`,
      [p, f],
    ),
  );
  await client.query('DROP TABLE footprint_areas');
}

export interface AreasChanged {
  /** Releases whose locations changed. */
  fabric: ReadonlySet<string>;
  /** Vintages of parcel and footprint layers that changed. */
  layers: readonly string[];
}

/** fabric_layers of `releases`, and the areas of each release whose inputs changed. */
export async function deriveLayerAreas(
  client: pg.Client,
  releases: string[],
  changed: AreasChanged,
  log: (m: string) => void,
): Promise<void> {
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
  const stale = new Map<string, { p: string | null; f: string | null; vintages: string[] }>();
  for (const { vintage, row, p, f } of after) {
    // A layer reloaded for an earlier vintage may serve this one too.
    const layerChanged = changed.layers.some((v) => v <= vintage);
    if (old.has(row) && !changed.fabric.has(vintage) && !layerChanged) continue;
    const key = `${p}/${f}`;
    const group = stale.get(key) ?? { p, f, vintages: [] };
    group.vintages.push(vintage);
    stale.set(key, group);
  }
  // One index probe per point finds one feature: a plain index scan, not a bitmap built and
  // read for each probe (which the planner picks from its far too high row estimate of ~),
  // takes about a quarter less time per probe.
  await client.query('SET LOCAL enable_bitmapscan = off');
  for (const { p, f, vintages } of stale.values()) {
    const t0 = performance.now();
    await deriveLocationAreas(client, vintages, p, f);
    const t1 = performance.now();
    if (p !== null && f !== null) {
      const layerTouched = changed.layers.includes(p) || changed.layers.includes(f);
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
  await client.query('SET LOCAL enable_bitmapscan = on');
}
