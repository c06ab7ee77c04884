// A statement over a few thousand rows (a tile), run without JIT compilation or parallel
// workers. PostGIS functions carry high declared costs, so such a statement looks expensive
// enough for the planner to compile it (seconds, for milliseconds of work) and to start
// workers (each a new process that loads PostGIS, 80-130 ms). SET LOCAL keeps the settings to
// the one transaction, so the pooled connection goes back as it came.
import type pg from 'pg';
import { connectionFailure } from './connection-failure';

export async function quickQuery<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  text: string,
  params: unknown[],
): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  // The server may end the session between two of these queries (a restart): a checked-out
  // client then emits 'error', which unheard would crash the process. The next query fails
  // with it instead, and the client is discarded below.
  const ignore = () => {};
  client.on('error', ignore);
  let failed = false;
  try {
    await client.query(
      'BEGIN READ ONLY; SET LOCAL jit = off; SET LOCAL max_parallel_workers_per_gather = 0',
    );
    const result = await client.query<R>(text, params);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    failed = true;
    // On a broken or stalled connection ROLLBACK would wait out the query timeout again; the
    // connection is discarded below, which ends the transaction anyway.
    if (!connectionFailure(err)) await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.off('error', ignore);
    client.release(failed);
  }
}
