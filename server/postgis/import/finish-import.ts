// What an import run does once its files are in, in one transaction that publishes it: attach
// each vintage table loaded and not yet attached (building its indexes in one pass), ANALYZE
// what changed, and derive what the store reads besides the files: releases, location feature
// ranks, coverage fields, which layer serves which release, the parcel and footprint of each
// location, town labels, fixed tiles and point blocks. What changed is read from the ledger
// (files not yet published), not from what this run loaded: a run killed before its commit
// leaves nothing visible, and the next run publishes what it had loaded.
import pg from 'pg';
import type { FabricVintage } from '../../service/store/fabric';
import { crashPoint } from './crash-points';
import { deriveFixedTiles } from './derive-fixed-tiles';
import { deriveLayerAreas } from './derive-location-areas';
import { deriveLocationCoverage } from './derive-location-coverage';
import { derivePointBlocks } from './derive-point-blocks';
import { deriveTownLabels } from './derive-town-labels';
import { withIndexesAfter } from './indexes-after';
import { markPublished, setImportBudget, unpublished } from './ledger';
import { attachLoaded, partitionName } from './partitions';

const DERIVED_TABLES = [
  'fabric_vintages',
  'location_features',
  'match_cities',
  'fabric_layers',
  'location_areas',
  'footprint_parcels',
  'location_coverage',
  'fixed_tiers',
  'location_cells',
  'hex_parents',
  'hex_cells',
  'hex_groups',
  'town_labels',
];

async function writeReleases(
  client: pg.Client,
  known: readonly FabricVintage[],
): Promise<string[]> {
  const { rows } = await client.query<{ vintage: string }>(
    `SELECT DISTINCT vintage FROM import_files WHERE kind = 'locations' ORDER BY vintage`,
  );
  const vintages = rows.map((r) => r.vintage);
  await client.query('DELETE FROM fabric_vintages');
  for (const v of known.filter((d) => vintages.includes(d.vintage))) {
    await client.query(
      `INSERT INTO fabric_vintages (vintage, svcversion, fccversion, fccrelease, ntiaversion, vintagename)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [v.vintage, v.svcversion, v.fccversion, v.fccrelease, v.ntiaversion, v.vintagename],
    );
  }
  return vintages;
}

/** Attaches, derives and publishes, inside the caller's transaction. */
async function publish(
  client: pg.Client,
  log: (m: string) => void,
  known: readonly FabricVintage[],
): Promise<void> {
  const changed = await unpublished(client);
  // Every table still detached counts, whatever the ledger says: attaching it is what shows it.
  for (const [table, vintages] of await attachLoaded(client, log)) {
    for (const v of vintages) changed.set(table, (changed.get(table) ?? new Set()).add(v));
  }
  if (changed.size) {
    const what = [...changed].map(([t, vs]) => `${t} ${[...vs].join(', ')}`);
    log(`publishing ${what.join('; ')}`);
  }
  for (const [table, vintages] of changed) {
    for (const v of vintages) {
      const { rows } = await client.query('SELECT to_regclass($1) AS t', [partitionName(table, v)]);
      if (rows[0].t) await client.query(`ANALYZE ${pg.escapeIdentifier(partitionName(table, v))}`);
    }
  }
  const releases = await writeReleases(client, known);
  const fabricChanged = changed.get('locations') ?? new Set<string>();
  if (fabricChanged.size > 0) {
    await client.query('TRUNCATE location_features');
    await withIndexesAfter(client, 'location_features', true, () =>
      client.query(
        `INSERT INTO location_features (location_id, feature)
         SELECT location_id, row_number() OVER (ORDER BY location_id) - 1
           FROM (SELECT DISTINCT location_id FROM locations) d`,
      ),
    );
    await client.query('TRUNCATE match_cities');
    await client.query('INSERT INTO match_cities (city) SELECT DISTINCT city FROM locations');
  }
  const coverageChanged = changed.get('fixed_availability') ?? new Set<string>();
  const coverageBegan = performance.now();
  const covered = await deriveLocationCoverage(
    client,
    releases,
    (v) => fabricChanged.has(v) || coverageChanged.has(v),
  );
  crashPoint('derived');
  if (covered.length) {
    log(
      `coverage fields of ${covered.join(', ')} in ${((performance.now() - coverageBegan) / 1000).toFixed(1)} s`,
    );
  }
  const layers = [...(changed.get('parcels') ?? []), ...(changed.get('footprints') ?? [])];
  await deriveLayerAreas(client, releases, { fabric: fabricChanged, layers }, log);
  crashPoint('derived');
  await deriveTownLabels(client, fabricChanged.size > 0, log);
  crashPoint('derived');
  await deriveFixedTiles(
    client,
    { fabric: fabricChanged.size > 0, coverage: coverageChanged },
    log,
  );
  crashPoint('derived');
  // Last: the blocks read the locations, their feature ranks and coverage fields written above.
  await derivePointBlocks(client, log);
  crashPoint('derived');
  await markPublished(client);
}

/** `known`: the fabric releases the run's files may be of (their versions and names). */
export async function finishImport(
  client: pg.Client,
  log: (m: string) => void,
  known: readonly FabricVintage[],
): Promise<void> {
  const began = performance.now();
  await client.query('BEGIN');
  try {
    await setImportBudget(client);
    await publish(client, log, known);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  crashPoint('published');
  for (const t of DERIVED_TABLES) await client.query(`ANALYZE ${t}`);
  log(`derived tables written in ${((performance.now() - began) / 1000).toFixed(1)} s`);
}
