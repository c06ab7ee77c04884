// Serves the built app from dist/: hashed assets cached for a year, index.html revalidated,
// and any other GET that isn't a file answered with index.html (client-side routes). A file the
// build compressed (precompress.ts) is sent as the copy the request's Accept-Encoding prefers.
import type { Context } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { chooseCoding } from './content-coding';
import { jsonError } from '../node-http/json-error';
import { PRECOMPRESSED } from './precompress';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pbf': 'application/x-protobuf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function fileAt(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return (await isFile(full)) ? full : null;
}

/** The file's bytes in the coding the request prefers, with the headers that say so. */
async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response> {
  const copies = [];
  for (const copy of PRECOMPRESSED) if (await isFile(file + copy.suffix)) copies.push(copy);
  const coding = chooseCoding(
    c,
    copies.map((copy) => copy.coding),
  );
  const codings = ['identity', ...copies.map((copy) => copy.coding)].join(', ');
  if (coding === null)
    return jsonError({
      status: 406,
      code: 'not_acceptable',
      message: `Accept-Encoding refuses every coding ${c.req.path} is served in (${codings})`,
    });
  const copy = copies.find((k) => k.coding === coding);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  };
  // A cache must keep each coding apart once there is more than one.
  if (copies.length > 0) headers.Vary = 'Accept-Encoding';
  if (copy) headers['Content-Encoding'] = copy.coding;
  const bytes = new Uint8Array(await readFile(copy ? file + copy.suffix : file));
  // Said outright, so a HEAD (answered without the body) still tells the copy's length.
  headers['Content-Length'] = String(bytes.length);
  return c.body(bytes, 200, headers);
}

export function staticApp(distDir: string) {
  const root = normalize(distDir);
  return async (c: Context): Promise<Response> => {
    const path = c.req.path;
    const file = path === '/' ? null : await fileAt(root, path);
    if (file) {
      const hashed = path.startsWith('/assets/');
      return sendFile(c, file, hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    // Missing assets are real 404s; everything else is a client-side route.
    if (path.startsWith('/assets/') || extname(path) !== '')
      return jsonError({ status: 404, code: 'not_found', message: `no file at ${path}` });
    const index = await fileAt(root, '/index.html');
    if (!index) {
      return jsonError({
        status: 503,
        code: 'not_built',
        message: 'The app is not built yet: run `npm run build` (or `npm start`, which builds it).',
      });
    }
    return c.html(await readFile(index, 'utf8'), 200, { 'Cache-Control': 'no-cache' });
  };
}
