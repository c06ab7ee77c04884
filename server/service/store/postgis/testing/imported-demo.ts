// A small demo fabric generated, exported in the published layouts, imported into a private
// PostGIS cluster, and held beside its memory store: what a PostGIS store test compares against.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { exportDemo, MANIFEST_NAME } from '../../../../demo/export/export-demo';
import { generateFabric } from '../../../../demo/generate-fabric';
import {
  startPrivateCluster,
  type PrivateCluster,
} from '../../../../postgis/testing/private-cluster';
import { readManifest, runImport } from '../../../../postgis/import/run-import';
import type { Fabric } from '../../fabric';
import { createMemoryStore } from '../../memory/memory-store';
import type { Store } from '../../store';
import { loadPgContext, type PgContext } from '../context';

export interface ImportedDemo {
  fabric: Fabric;
  memory: Store;
  pool: pg.Pool;
  ctx: PgContext;
  close(): Promise<void>;
}

export async function importDemo(seed: number, locations: number): Promise<ImportedDemo> {
  let cluster: PrivateCluster | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'explorer-store-'));
  try {
    cluster = await startPrivateCluster();
    const fabric = generateFabric({ seed, locations });
    await exportDemo(fabric, dir);
    const manifest = await readManifest(join(dir, MANIFEST_NAME));
    await runImport({
      url: cluster.url,
      files: manifest.files,
      uuidSeed: manifest.seed,
      progress: null,
    });
    const pool = new pg.Pool({ connectionString: cluster.url, max: 4 });
    const ctx = await loadPgContext(pool);
    const memory = createMemoryStore(fabric);
    const running = cluster;
    return {
      fabric,
      memory,
      pool,
      ctx,
      async close() {
        await pool.end();
        await memory.close();
        running.stop();
      },
    };
  } catch (err) {
    cluster?.stop();
    throw err;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
