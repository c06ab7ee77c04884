// The contract suite's fixture: a small demo fabric generated, exported, imported into a private
// PostGIS cluster, and two stores over it: the memory store over the generated fabric as the
// cache stores it (the reference) and the PostGIS store over the imported database (the store under test). The
// suite then asks both the same questions through the Store interface only.
import type { ManifestFile } from '../../../../demo/export/export-demo';
import { decodeFabric, encodeFabric } from '../../../../demo/fabric-codec';
import { generateFabric } from '../../../../demo/generate-fabric';
import type { Fabric } from '../../fabric';
import { createMemoryStore } from '../../memory/memory-store';
import { openPostgisStore } from '../../postgis/postgis-store';
import type { Store } from '../../store';
import { loadIntoPostgis, type LoadedFabric } from './load-into-postgis';

export interface ContractFixture {
  /** The generated fabric: the cases pick their inputs from it (never their answers). */
  fabric: Fabric;
  reference: Store;
  subject: Store;
  loaded: LoadedFabric;
  close(): Promise<void>;
}

/**
 * A demo fabric of `locations` in the newest release (more counting retired ones); `only`
 * imports some of its exported files (a suite that asks only some releases or operations).
 */
export async function openContractFixture(opts: {
  seed: number;
  locations: number;
  only?: (file: ManifestFile) => boolean;
}): Promise<ContractFixture> {
  const fabric = generateFabric(opts);
  const loaded = await loadIntoPostgis(fabric, opts.only);
  let subject: Store | null = null;
  try {
    subject = await openPostgisStore(loaded.url, { poolSize: 8 });
    // Over the fabric as the .data cache stores it (compact columns), as the service reads it.
    const reference = createMemoryStore(decodeFabric(Buffer.concat(encodeFabric(fabric)))!);
    const opened = subject;
    return {
      fabric,
      reference,
      subject: opened,
      loaded,
      async close() {
        await Promise.allSettled([opened.close(), reference.close()]);
        loaded.stop();
      },
    };
  } catch (err) {
    await subject?.close();
    loaded.stop();
    throw err;
  }
}
