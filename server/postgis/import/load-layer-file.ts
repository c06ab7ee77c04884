// One parcel, footprint or road layer into its vintage's table: staged by ogr2ogr, then in one
// transaction checked (ids present and unique, geometries valid and in range) and swapped in
// for the layer of that vintage loaded before. The staging table is dropped whatever happens.
import { basename } from 'node:path';
import { stat } from 'node:fs/promises';
import pg from 'pg';
import { LAYER_ATTRIBUTES, type LayerKind } from '../layouts';
import { sha256File } from './file-source';
import {
  alreadyLoaded,
  recordFile,
  replaceScope,
  setImportBudget,
  type LoadContext,
  type LoadOutcome,
} from './ledger';
import { checkNameVintage } from './load-csv-file';
import { stageLayer } from './ogr-stage';
import { ensurePartition } from './partitions';
import { Progress } from './progress';
import { FileRefused } from './read-csv';

const ID: Record<LayerKind, string> = {
  parcels: 'parcel_id',
  footprints: 'footprint_id',
  roads: 'road_id',
};

async function checkAttributes(client: pg.Client, stage: string, kind: LayerKind, name: string) {
  const { rows } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
    [stage],
  );
  const found = rows.map((r) => r.column_name).filter((c) => c !== 'ogc_fid' && c !== 'geom');
  const missing = LAYER_ATTRIBUTES[kind].filter((a) => !found.includes(a));
  if (missing.length) {
    throw new FileRefused(
      `${name}: the layer has no attribute ${missing.join(', ')} (it has ${found.join(', ') || 'none'}); a ${kind} layer needs ${LAYER_ATTRIBUTES[kind].join(', ')}`,
    );
  }
}

/** Features that cannot be loaded, removed from the stage and logged by feature number. */
async function rejectFeatures(ctx: LoadContext, stage: string, kind: LayerKind, name: string) {
  const id = pg.escapeIdentifier(ID[kind]);
  const roadRule =
    kind === 'roads'
      ? `WHEN road_class::text !~ '^[0-9]+$' THEN 'road_class "' || coalesce(road_class::text, '') || '" is not a whole number'`
      : '';
  const { rows } = await ctx.client.query<{ ogc_fid: number; reason: string }>(
    `DELETE FROM ${stage} s USING (
       SELECT ogc_fid, CASE
         WHEN ${id} IS NULL OR btrim(${id}::text) = '' THEN '${ID[kind]} is empty'
         WHEN geom IS NULL OR ST_IsEmpty(geom) THEN 'no geometry'
         WHEN ST_XMin(geom) < -180 OR ST_XMax(geom) > 180 OR ST_YMin(geom) < -90 OR ST_YMax(geom) > 90
           THEN 'coordinates out of range'
         WHEN NOT ST_IsValid(geom) THEN 'invalid geometry: ' || ST_IsValidReason(geom)
         ${roadRule}
       END AS reason FROM ${stage}) r
     WHERE s.ogc_fid = r.ogc_fid AND r.reason IS NOT NULL RETURNING r.ogc_fid, r.reason`,
  );
  for (const r of rows) ctx.rejects.add(name, r.ogc_fid, `feature ${r.ogc_fid}: ${r.reason}`);
  return rows.length;
}

async function refuseDuplicateIds(client: pg.Client, stage: string, kind: LayerKind, name: string) {
  const id = pg.escapeIdentifier(ID[kind]);
  const { rows } = await client.query<{ id: string; fids: number[]; total: string }>(
    `SELECT ${id}::text AS id, array_agg(ogc_fid ORDER BY ogc_fid) AS fids, count(*) OVER () AS total
       FROM ${stage} GROUP BY ${id} HAVING count(*) > 1 ORDER BY min(ogc_fid) LIMIT 3`,
  );
  if (rows.length === 0) return;
  const shown = rows.map((r) => `${r.id} on features ${r.fids.join(' and ')}`).join('; ');
  throw new FileRefused(
    `${name}: ${rows[0].total} duplicate ${ID[kind]} (${shown}); each must appear once`,
  );
}

export async function loadLayerFile(
  ctx: LoadContext,
  url: string,
  kind: LayerKind,
  vintage: string,
  path: string,
): Promise<LoadOutcome> {
  const name = basename(path);
  const began = performance.now();
  checkNameVintage([name], vintage);
  const { size } = await stat(path);
  const sha256 = await sha256File(path);
  if (await alreadyLoaded(ctx.client, kind, vintage, name, size, sha256)) {
    return { name, status: 'skipped', rows: 0, rejected: 0, rowsPerSecond: 0 };
  }
  const progress = new Progress(`${kind} ${vintage} ${name}`, size, ctx.progress);
  const stageName = `import_stage_${kind}_${process.pid}`;
  const stage = pg.escapeIdentifier(stageName);
  const { client } = ctx;
  await client.query(`DROP TABLE IF EXISTS ${stage}`);
  try {
    await stageLayer(url, kind, path, name, stageName);
    await client.query('BEGIN');
    try {
      await setImportBudget(client);
      await checkAttributes(client, stageName, kind, name);
      const { rows: counted } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${stage}`,
      );
      const total = Number(counted[0].n);
      const rejected = await rejectFeatures(ctx, stage, kind, name);
      await refuseDuplicateIds(client, stage, kind, name);
      if (total > 0 && rejected / total > ctx.maxRejectShare) {
        throw new FileRefused(
          `${name}: ${rejected} of ${total} features rejected, more than ${ctx.maxRejectShare * 100}% (see the rejected rows)`,
        );
      }
      const partition = await ensurePartition(client, kind, vintage);
      await replaceScope(client, partition.name, kind, vintage, 'layer');
      const rows = total - rejected;
      const fileId = await recordFile(client, {
        kind,
        vintage,
        scope: 'layer',
        name,
        bytes: size,
        sha256,
        rows,
        rejected,
        seconds: (performance.now() - began) / 1000,
      });
      const id = pg.escapeIdentifier(ID[kind]);
      const extra = kind === 'roads' ? ', name, road_class' : '';
      const extraValues =
        kind === 'roads' ? ", coalesce(name::text, ''), road_class::smallint" : '';
      // feature: the id's rank in byte order, from 0 (what a parcel's or footprint's uuid encodes).
      await client.query(
        `INSERT INTO ${pg.escapeIdentifier(partition.name)} (vintage, file_id, ${id}, feature${extra}, geom)
         SELECT $1, $2, ${id}::text, row_number() OVER (ORDER BY ${id}::text COLLATE "C") - 1${extraValues}, geom
           FROM ${stage}`,
        [vintage, fileId],
      );
      await client.query('COMMIT');
      const note = rejected ? `, ${rejected} rejected` : '';
      return { name, status: 'loaded', rows, rejected, rowsPerSecond: progress.done(rows, note) };
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${stage}`);
  }
}
