// The demo store: the seeded demo fabric (generated, or read from the .data cache) in memory.
import { loadDemoFabric } from './load-demo-fabric';
import { createMemoryStore } from '../service/store/memory/memory-store';
import type { Store } from '../service/store/store';

export type LoadDemoStoreOptions = NonNullable<Parameters<typeof loadDemoFabric>[0]>;

export async function loadDemoStore(opts?: LoadDemoStoreOptions): Promise<Store> {
  return createMemoryStore(await loadDemoFabric(opts));
}
