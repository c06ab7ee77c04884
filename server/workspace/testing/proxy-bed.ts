// What the sync's tests over the published-only proxy set up alike: the proxy over a fabric,
// started before the file's tests and closed after, and fresh workspace folders, removed after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Fabric } from '../../service/store/fabric';
import { startPublishedProxy, type PublishedProxy } from '../published-proxy';

export interface ProxyBed {
  /** The fabric behind the proxy (set once the file's tests start). */
  fabric: Fabric;
  proxy: PublishedProxy;
  /** A new empty folder for a workspace. */
  workspace(): string;
}

/** Registers the file's beforeAll and afterAll; `prefix` names its folders. */
export function proxyBed(prefix: string, fabric: () => Fabric | Promise<Fabric>): ProxyBed {
  const dirs: string[] = [];
  const bed = {
    workspace: () => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
  } as ProxyBed;
  beforeAll(async () => {
    bed.fabric = await fabric();
    bed.proxy = await startPublishedProxy(bed.fabric);
  });
  afterAll(async () => {
    await bed.proxy?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return bed;
}
