// One published CSV file into its vintage's table, in one transaction: streamed through COPY
// into a staging table with line numbers, checked (duplicates, locations the release does not
// hold, too many rejected rows), then swapped in for the file of the same scope loaded before.
// Any failure rolls back: the database is left as it was.
import { basename } from 'node:path';
import pg from 'pg';
import { vintagesInName } from '../layouts';
import { CopyWriter } from './copy-writer';
import type { CsvKindSpec } from './csv-kinds';
import { RowRejected } from './field-rules';
import { openFileSource, sha256File } from './file-source';
import {
  alreadyLoaded,
  recordFile,
  replaceScope,
  setImportBudget,
  type LoadContext,
  type LoadOutcome,
} from './ledger';
import { partitionName, ensurePartition } from './partitions';
import { Progress } from './progress';
import { FileRefused, readCsv } from './read-csv';

/** A file whose name carries another release's marker is refused before it is read. */
export function checkNameVintage(names: string[], vintage: string): void {
  for (const name of names) {
    const other = vintagesInName(basename(name)).find((v) => v !== vintage);
    if (other) {
      throw new FileRefused(
        `${basename(name)} is a file of vintage ${other} (so its name says), not of ${vintage}`,
      );
    }
  }
}

const list = (cols: readonly string[]) => cols.map((c) => pg.escapeIdentifier(c)).join(', ');

async function refuseDuplicates(client: pg.Client, spec: CsvKindSpec, name: string) {
  const key = list(spec.key);
  const { rows } = await client.query<{ k: string; lines: string[]; total: string }>(
    `SELECT concat_ws(', ', ${key}) AS k, array_agg(line ORDER BY line)::text[] AS lines,
            count(*) OVER () AS total
       FROM stage GROUP BY ${key} HAVING count(*) > 1 ORDER BY min(line) LIMIT 3`,
  );
  if (rows.length === 0) return;
  const shown = rows.map((r) => `${r.k} on lines ${r.lines.join(' and ')}`).join('; ');
  throw new FileRefused(
    `${name}: ${rows[0].total} duplicate ${spec.key.join(' + ')} (${shown}); each must appear once`,
  );
}

/** Rows naming a location the release does not hold are rejected (with their lines). */
async function rejectOutsideFabric(
  ctx: LoadContext,
  spec: CsvKindSpec,
  vintage: string,
  name: string,
) {
  if (!spec.inFabric) return 0;
  const fabric = partitionName('locations', vintage);
  const { rows: found } = await ctx.client.query('SELECT to_regclass($1) AS t', [fabric]);
  if (!found[0].t) {
    throw new FileRefused(
      `${name}: load the fabric locations of ${vintage} first; ${spec.kind} rows must name its locations`,
    );
  }
  const col = pg.escapeIdentifier(spec.inFabric);
  const { rows } = await ctx.client.query<{ line: string; id: string }>(
    `DELETE FROM stage s WHERE NOT EXISTS
       (SELECT 1 FROM ${pg.escapeIdentifier(fabric)} l WHERE l.location_id = s.${col})
     RETURNING line, s.${col}::text AS id`,
  );
  for (const r of rows) {
    ctx.rejects.add(
      name,
      Number(r.line),
      `${spec.inFabric} ${r.id} is not a location of the ${vintage} fabric`,
    );
  }
  return rows.length;
}

export async function loadCsvFile(
  ctx: LoadContext,
  spec: CsvKindSpec,
  vintage: string,
  path: string,
): Promise<LoadOutcome> {
  const name = basename(path);
  const began = performance.now();
  const source = await openFileSource(path);
  checkNameVintage([name, source.entryName], vintage);
  const sha256 = await sha256File(path);
  if (await alreadyLoaded(ctx.client, spec.kind, vintage, name, source.bytes, sha256)) {
    source.stream.destroy();
    return { name, status: 'skipped', rows: 0, rejected: 0, rowsPerSecond: 0 };
  }
  const { client } = ctx;
  let copy: CopyWriter | null = null;
  await client.query('BEGIN');
  try {
    await setImportBudget(client);
    const partition = await ensurePartition(client, spec.table, vintage);
    const columns = spec.columns.map(([c, type]) => `${pg.escapeIdentifier(c)} ${type}`);
    await client.query(
      `CREATE TEMP TABLE stage (line bigint, ${columns.join(', ')}) ON COMMIT DROP`,
    );
    const writer = CopyWriter.open(client, 'COPY stage FROM STDIN');
    copy = writer;
    const progress = new Progress(
      `${spec.kind} ${vintage} ${name}`,
      source.textBytes,
      ctx.progress,
    );
    let scope: string | null = null;
    let kept = 0;
    let rejected = 0;
    const records = await readCsv(source.stream, spec.header, name, {
      record(fields, line) {
        let values: string[];
        try {
          values = spec.convert(fields);
        } catch (err) {
          if (err instanceof RowRejected) return err.message;
          throw err;
        }
        const rowScope = spec.scope(values);
        scope ??= rowScope;
        if (rowScope !== scope) {
          throw new FileRefused(
            `${name}: line ${line} is of ${rowScope}, earlier lines of ${scope}; ${spec.scopeRule}`,
          );
        }
        kept++;
        writer.row([String(line), ...values]);
        return null;
      },
      reject(line, reason) {
        rejected++;
        ctx.rejects.add(name, line, reason);
      },
      async batchDone(bytes) {
        progress.update(bytes, kept);
        await writer.flushSome();
      },
    });
    await writer.end();
    await refuseDuplicates(client, spec, name);
    const outside = await rejectOutsideFabric(ctx, spec, vintage, name);
    rejected += outside;
    kept -= outside;
    if (records > 0 && rejected / records > ctx.maxRejectShare) {
      const hint = outside > rejected / 2 ? ': is it a file of another vintage?' : '';
      throw new FileRefused(
        `${name}: ${rejected} of ${records} rows rejected, more than ${ctx.maxRejectShare * 100}%${hint} (see the rejected rows)`,
      );
    }
    await replaceScope(client, partition.name, spec.kind, vintage, scope ?? name);
    const fileId = await recordFile(client, {
      kind: spec.kind,
      vintage,
      scope: scope ?? name,
      name,
      bytes: source.bytes,
      sha256,
      rows: kept,
      rejected,
      seconds: (performance.now() - began) / 1000,
    });
    await client.query(
      `INSERT INTO ${pg.escapeIdentifier(partition.name)} (vintage, file_id, ${list(spec.columns.map(([c]) => c))})
       SELECT $1, $2, ${list(spec.columns.map(([c]) => c))} FROM stage`,
      [vintage, fileId],
    );
    await client.query('COMMIT');
    const note = rejected ? `, ${rejected} rejected` : '';
    return {
      name,
      status: 'loaded',
      rows: kept,
      rejected,
      rowsPerSecond: progress.done(kept, note),
    };
  } catch (err) {
    await copy?.abort();
    await client.query('ROLLBACK');
    if (err instanceof Error && (err as { code?: string }).code === '23505') {
      throw new FileRefused(
        `${name}: ${(err as pg.DatabaseError).detail ?? err.message}: already loaded from another file`,
      );
    }
    throw err;
  }
}
