// Serves the built app from dist/: hashed assets cached for a year, index.html revalidated,
// and any other GET that isn't a file answered with index.html (client-side routes).
import type { Context } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { jsonError } from '../node-http/json-error';

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
  try {
    return (await stat(full)).isFile() ? full : null;
  } catch {
    return null;
  }
}

export function staticApp(distDir: string) {
  const root = normalize(distDir);
  return async (c: Context): Promise<Response> => {
    const path = c.req.path;
    const file = path === '/' ? null : await fileAt(root, path);
    if (file) {
      const hashed = path.startsWith('/assets/');
      return c.body(new Uint8Array(await readFile(file)), 200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
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
