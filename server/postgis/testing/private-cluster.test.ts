// The private cluster the PostGIS tests run on: it starts with PostGIS, answers on loopback,
// and leaves nothing behind once stopped.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startPrivateCluster } from './private-cluster';

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('private PostgreSQL cluster', () => {
  it('starts with PostGIS on a loopback port and is gone after stop', async () => {
    const cluster = await startPrivateCluster();
    let dir = '';
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const { rows } = await client.query<{ v: string; dir: string }>(
        "SELECT postgis_lib_version() AS v, current_setting('data_directory') AS dir",
      );
      await client.end();
      dir = rows[0].dir;
      expect(rows[0].v).toMatch(/^3\./);
      expect(existsSync(dir)).toBe(true);
      console.log(`private cluster up with PostGIS in ${Math.round(cluster.startMs)} ms`);
    } finally {
      cluster.stop();
    }
    expect(await portOpen(cluster.port)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
