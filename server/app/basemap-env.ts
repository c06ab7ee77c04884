// A basemap set when the app server starts, no rebuild (README, "Configuration"): BASEMAP_STYLE
// is a MapLibre style, an http(s) URL the browser fetches or a file the server sends, and
// BASEMAP_PMTILES a single-file tile archive the server sends by HTTP range requests. The browser
// learns both from /api/health's capabilities and draws them under the project's layers. A bad
// value stops the server at start with a message naming the variable.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Basemap } from '../../shared/capabilities';

/** Where the app server sends a style file and an archive (create-app-server.ts). */
export const BASEMAP_STYLE_PATH = '/basemap/style.json';
export const BASEMAP_ARCHIVE_PATH = '/basemap/archive.pmtiles';

export interface BasemapSettings {
  /** What the browser is told. */
  basemap: Basemap | null;
  /** The style file to send, when BASEMAP_STYLE names one. */
  styleFile: string | null;
  /** The archive to send, when BASEMAP_PMTILES names one. */
  archiveFile: string | null;
  /** The style's origin when it is online, for the Content-Security-Policy. */
  onlineOrigin: string | null;
}

const PMTILES_TILE_TYPES: Record<number, 'vector' | 'raster'> = {
  1: 'vector',
  2: 'raster',
  3: 'raster',
  4: 'raster',
  5: 'raster',
};

function readableFile(path: string, name: string): string {
  const full = resolve(path);
  let size: number;
  try {
    size = statSync(full).isFile() ? statSync(full).size : -1;
  } catch {
    size = -1;
  }
  if (size < 0) throw new Error(`${name} must name a readable file, got "${path}"`);
  return full;
}

function styleFrom(
  value: string,
): Pick<BasemapSettings, 'styleFile' | 'onlineOrigin'> & { url: string } {
  if (/^https?:\/\//i.test(value)) {
    try {
      return { url: new URL(value).href, styleFile: null, onlineOrigin: new URL(value).origin };
    } catch {
      throw new Error(`BASEMAP_STYLE must be an http(s) URL or a style file, got "${value}"`);
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    throw new Error(`BASEMAP_STYLE must be an http(s) URL or a style file, got "${value}"`);
  const file = readableFile(value, 'BASEMAP_STYLE');
  let style: unknown;
  try {
    style = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`BASEMAP_STYLE must be a MapLibre style (JSON), and ${value} is not JSON`);
  }
  const s = style as { version?: unknown; sources?: unknown; layers?: unknown };
  if (s?.version !== 8 || typeof s.sources !== 'object' || !Array.isArray(s.layers))
    throw new Error(
      `BASEMAP_STYLE must be a MapLibre style (version 8, sources, layers): ${value} is not`,
    );
  return { url: BASEMAP_STYLE_PATH, styleFile: file, onlineOrigin: null };
}

/** The archive's kind of tiles, from its v3 header (its first 127 bytes). */
function archiveKind(file: string, value: string): 'vector' | 'raster' {
  const header = Buffer.alloc(127);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 127, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1', 0, 7) !== 'PMTiles' || header[7] !== 3)
    throw new Error(`BASEMAP_PMTILES must be a PMTiles version 3 archive: ${value} is not`);
  const kind = PMTILES_TILE_TYPES[header[99]!];
  if (!kind) throw new Error(`BASEMAP_PMTILES holds tiles of an unknown type: ${value}`);
  return kind;
}

export function parseBasemapEnv(env: NodeJS.ProcessEnv): BasemapSettings {
  const styleValue = env.BASEMAP_STYLE?.trim() ?? '';
  const archiveValue = env.BASEMAP_PMTILES?.trim() ?? '';
  const style = styleValue ? styleFrom(styleValue) : null;
  const archiveFile = archiveValue ? readableFile(archiveValue, 'BASEMAP_PMTILES') : null;
  const kind = archiveFile ? archiveKind(archiveFile, archiveValue) : null;
  // Vector tiles need a style saying how to draw them; raster tiles are drawn as they are.
  if (kind === 'vector' && !style)
    throw new Error(
      `BASEMAP_PMTILES holds vector tiles: set BASEMAP_STYLE to a style that draws them (its source url pmtiles://<this server>${BASEMAP_ARCHIVE_PATH})`,
    );
  const basemap: Basemap | null =
    style || archiveFile
      ? {
          style: style?.url ?? null,
          archive: archiveFile && kind === 'raster' ? BASEMAP_ARCHIVE_PATH : null,
        }
      : null;
  return {
    basemap,
    styleFile: style?.styleFile ?? null,
    archiveFile,
    onlineOrigin: style?.onlineOrigin ?? null,
  };
}
