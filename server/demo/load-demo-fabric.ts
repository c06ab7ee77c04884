// The demo fabric as the service loads it: read from the binary cache in .data/ when one
// exists for this seed, size and format, else generated once and written there.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Fabric } from '../service/store/fabric';
import { decodeFabric, encodeFabric, FABRIC_FORMAT_VERSION } from './fabric-codec';
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

async function readCache(path: string): Promise<Fabric | null> {
  try {
    const file = await readFile(path);
    // A view, not `new Uint8Array(file)`: that would copy the whole cache once more.
    return decodeFabric(new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
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
  return fabric;
}
