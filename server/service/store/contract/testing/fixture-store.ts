// The store the HTTP tests run on, chosen by STORE: `memory` (the default) is the memory store
// over the fixture fabric; `postgis` is the PostGIS store over the same fixture fabric, exported
// and imported into a private cluster once per test process (the cluster goes when the process
// exits) and opened afresh for each service a test starts, so closing one service's store leaves
// the others theirs.
import { buildFixtureFabric } from '../../../testing/fixture-fabric';
import { createMemoryStore } from '../../memory/memory-store';
import { openPostgisStore } from '../../postgis/postgis-store';
import type { Store } from '../../store';
import { loadIntoPostgis, type LoadedFabric } from './load-into-postgis';

export const STORE_KINDS = ['memory', 'postgis'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** STORE from the environment, refused clearly when it names no store. */
export function storeKind(env: NodeJS.ProcessEnv = process.env): StoreKind {
  const value = env.STORE?.trim() || 'memory';
  if ((STORE_KINDS as readonly string[]).includes(value)) return value as StoreKind;
  throw new Error(`STORE must be one of ${STORE_KINDS.join(', ')} (got "${value.slice(0, 40)}")`);
}

let fixtureLoaded: Promise<LoadedFabric> | null = null;

/** A store over the fixture fabric (server/service/testing/) of the kind STORE names. */
export async function fixtureStore(kind = storeKind()): Promise<Store> {
  if (kind === 'memory') return createMemoryStore(buildFixtureFabric());
  fixtureLoaded ??= loadIntoPostgis(buildFixtureFabric());
  return openPostgisStore((await fixtureLoaded).url, { poolSize: 4 });
}
