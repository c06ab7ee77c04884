// A fabric put into a private PostGIS cluster the way a user's files get there: exported in the
// published layouts (server/demo/export/) to a temporary folder, imported with `npm run
// import`'s own code, the folder removed. The caller stops the cluster (a process that exits
// first takes it down: private-cluster.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportDemo, type ManifestFile } from '../../../../demo/export/export-demo';
import { runImport, type ImportReport } from '../../../../postgis/import/run-import';
import { startPrivateCluster } from '../../../../postgis/testing/private-cluster';
import type { Fabric } from '../../fabric';

export interface LoadedFabric {
  /** postgres:// URL of the database holding the fabric. */
  url: string;
  report: ImportReport;
  /** Milliseconds spent on cluster start, export and import, for the record. */
  ms: { cluster: number; export: number; import: number };
  stop(): void;
}

/**
 * `only` keeps some of the exported files (all by default): a test that asks only some releases
 * and operations may import just what they read.
 */
export async function loadIntoPostgis(
  fabric: Fabric,
  only: (file: ManifestFile) => boolean = () => true,
): Promise<LoadedFabric> {
  let t = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - t;
    t = now;
    return Math.round(ms);
  };
  const cluster = await startPrivateCluster();
  const clusterMs = lap();
  const dir = mkdtempSync(join(tmpdir(), 'explorer-contract-'));
  const stop = () => cluster.stop();
  try {
    const manifest = await exportDemo(fabric, dir);
    const exportMs = lap();
    const report = await runImport({
      url: cluster.url,
      files: manifest.files.filter(only).map((f) => ({ ...f, path: join(dir, f.path) })),
      uuidSeed: manifest.seed,
      rejectsPath: null,
      progress: null,
    });
    if (report.rejected > 0) {
      const why = report.samples.map((s) => JSON.stringify(s)).join('; ');
      throw new Error(`the import rejected ${report.rejected} rows of the exported fabric: ${why}`);
    }
    return {
      url: cluster.url,
      report,
      ms: { cluster: clusterMs, export: exportMs, import: lap() },
      stop,
    };
  } catch (err) {
    stop();
    throw err;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
