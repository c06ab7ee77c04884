// The demo store: the seeded demo fabric (generated, or read from the .data cache) in memory.
import { loadDemoFabric } from '../../../demo/load-demo-fabric';
import { createMemoryStore } from './memory-store';
import type { Store } from '../store';

export type LoadDemoStoreOptions = NonNullable<Parameters<typeof loadDemoFabric>[0]>;

export async function loadDemoStore(opts?: LoadDemoStoreOptions): Promise<Store> {
  return createMemoryStore(await loadDemoFabric(opts));
}
