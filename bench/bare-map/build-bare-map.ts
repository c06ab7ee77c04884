// Bundles the bare map page (bare-map-page.ts) into a built dist/ folder, beside the app, so the
// same app server serves both alike: bare-map.html at the root (its fonts resolve as the app's),
// the rest under bare-map/.
import { copyFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { precompressDir } from '../../server/app/precompress';

const require = createRequire(import.meta.url);

export async function buildBareMap(distDir: string): Promise<void> {
  await build({
    entryPoints: { 'bare-map': join(import.meta.dirname, 'bare-map-page.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    outdir: join(distDir, 'bare-map'),
    logLevel: 'warning',
  });
  await copyFile(
    require.resolve('maplibre-gl/dist/maplibre-gl-worker.mjs'),
    join(distDir, 'bare-map', 'worker.mjs'),
  );
  await copyFile(
    require.resolve('maplibre-gl/dist/maplibre-gl.css'),
    join(distDir, 'bare-map.css'),
  );
  // Compressed as the build compresses the app's files.
  await precompressDir(join(distDir, 'bare-map'));
  await writeFile(
    join(distDir, 'bare-map.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Bare map</title>
    <link rel="stylesheet" href="bare-map/map.css" />
    <style>html, body, #map { margin: 0; width: 100%; height: 100%; }</style>
  </head>
  <body>
    <div id="map"></div>
    <script type="module" src="bare-map/bare-map.js"></script>
  </body>
</html>
`,
  );
}
