// The demo fabric as the service loads it: read from the binary cache in .data/ when one
// exists for this seed, size and format, else generated once and written there. Either way
// its typed columns end up on SharedArrayBuffer, so the service's worker threads read them in
// place (see server/service/store/memory/shared-fabric.ts).
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Fabric } from '../service/store/fabric';
import { shareFabric } from '../service/store/memory/shared-fabric';
import { compactFabric, decodeFabric, encodeFabric, FABRIC_FORMAT_VERSION } from './fabric-codec';
import { DEFAULT_LOCATIONS, DEFAULT_SEED, generateFabric } from './generate-fabric';

export interface LoadDemoOptions {
  locations?: number;
  seed?: number;
  cacheDir?: string;
  log?: (msg: string) => void;
}

/** .data at the repository root, wherever the process was started from. */
export const DEFAULT_CACHE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../.data');

export function demoCachePath(cacheDir: string, seed: number, locations: number): string {
  return join(cacheDir, `demo-${seed}-${locations}-v${FABRIC_FORMAT_VERSION}.bin`);
}

/** The whole file in one SharedArrayBuffer: the columns decodeFabric views are then shared. */
async function readShared(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await file.read(bytes, offset, size - offset, offset);
      if (bytesRead === 0) throw new Error(`${path} ended after ${offset} of ${size} bytes`);
      offset += bytesRead;
    }
    return bytes;
  } finally {
    await file.close();
  }
}

async function readCache(path: string): Promise<Fabric | null> {
  try {
    return decodeFabric(await readShared(path));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function loadDemoFabric(opts: LoadDemoOptions = {}): Promise<Fabric> {
  const locations = opts.locations ?? DEFAULT_LOCATIONS;
  const seed = opts.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(locations) || locations < 100) {
    throw new Error(`demo locations must be an integer of at least 100, got ${locations}`);
  }
  const log = opts.log ?? (() => {});
  const path = demoCachePath(opts.cacheDir ?? DEFAULT_CACHE_DIR, seed, locations);
  const started = performance.now();
  const cached = await readCache(path);
  if (cached) {
    log(`demo fabric read from ${path} in ${Math.round(performance.now() - started)} ms`);
    return cached;
  }
  log(`generating the demo fabric (${locations.toLocaleString('en-US')} locations, seed ${seed})…`);
  const fabric = generateFabric({ seed, locations });
  log(`generated in ${Math.round(performance.now() - started)} ms; caching it in ${path}`);
  await mkdir(dirname(path), { recursive: true });
  // Written under a temporary name and renamed, so a crash never leaves a half cache behind
  // and two processes starting together both end up with a whole file.
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, encodeFabric(fabric));
  await rename(temp, path);
  // As a later start reads it back: compact, so the first start holds no more than the next.
  return shareFabric(compactFabric(fabric));
}
