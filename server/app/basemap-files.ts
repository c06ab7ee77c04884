// The basemap files the app server sends (basemap-env.ts): a style file whole, and a PMTiles
// archive by HTTP range requests, as the pmtiles protocol reads it (the header first, then
// directories and tiles by offset): one range per request, answered 206 with Content-Range; a
// range past the end is refused 416 with a JSON error naming the rule.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { jsonError } from '../node-http/json-error';
import { BASEMAP_ARCHIVE_PATH, BASEMAP_STYLE_PATH, type BasemapSettings } from './basemap-env';

/** [start, end] inclusive of `bytes=a-b`, `bytes=a-` or `bytes=-n`; null when unsatisfiable. */
export function parseRange(header: string, size: number): [number, number] | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix > 0 && size > 0 ? [Math.max(0, size - suffix), size - 1] : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start < size && start <= end ? [start, end] : null;
}

function fileBody(path: string, start: number, end: number): ReadableStream {
  return Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream;
}

export function installBasemapFiles(app: Hono, settings: BasemapSettings): void {
  const { styleFile, archiveFile } = settings;
  if (styleFile) {
    app.get(BASEMAP_STYLE_PATH, () => {
      const size = statSync(styleFile).size;
      return new Response(fileBody(styleFile, 0, size - 1), {
        headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
      });
    });
  }
  if (!archiveFile) return;
  app.get(BASEMAP_ARCHIVE_PATH, (c) => {
    const size = statSync(archiveFile).size;
    const common = { 'accept-ranges': 'bytes', 'content-type': 'application/octet-stream' };
    const header = c.req.header('range');
    if (header === undefined) {
      return new Response(fileBody(archiveFile, 0, size - 1), {
        headers: { ...common, 'content-length': String(size) },
      });
    }
    const range = parseRange(header, size);
    if (!range) {
      return jsonError({
        status: 416,
        code: 'range_not_satisfiable',
        message: `the range "${header}" is not one range of bytes within the archive's ${size} bytes (bytes=start-end, start-, or -length)`,
        details: { size },
        headers: { ...common, 'content-range': `bytes */${size}` },
      });
    }
    const [start, end] = range;
    return new Response(fileBody(archiveFile, start, end), {
      status: 206,
      headers: {
        ...common,
        'content-length': String(end - start + 1),
        'content-range': `bytes ${start}-${end}/${size}`,
      },
    });
  });
}
