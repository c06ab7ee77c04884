// Writes brotli (`.br`) and gzip (`.gz`) copies beside each compressible file of a built folder,
// so the app server sends them as they are (static-files.ts, content-coding.ts) instead of compressing per request.
// Run by the build (vite.config.ts) over dist/, and by the map benchmark over its bare map page.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text and uncompressed binary formats; images, woff2 and the like are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.ttf',
  '.otf',
  '.txt',
  '.wasm',
]);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/** The encodings written, best first: the order the server prefers them in at equal weight. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compressFile(path: string): Promise<void> {
  const raw = await readFile(path);
  if (raw.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file would only cost the client a decode.
  if (br.length < raw.length) await writeFile(path + '.br', br);
  if (gz.length < raw.length) await writeFile(path + '.gz', gz);
}

/** Every compressible file under `dir`, compressed beside itself; returns how many. */
export async function precompressDir(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.has(extname(e.name)))
    .map((e) => join(e.parentPath, e.name));
  await Promise.all(files.map(compressFile));
  return files.length;
}
