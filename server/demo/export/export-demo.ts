// The whole demo fabric in the published layouts, one folder per release, plus a manifest that
// lists every file with its kind and vintage (what `npm run import -- --manifest` reads).
import { latLngToCell } from 'h3-js';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { bdcMarker, releaseDate, type LayerKind } from '../../postgis/layouts';
import type { Fabric } from '../../service/store/fabric';
import { mobileFileName, writeFixed, writeMobile } from './write-coverage-files';
import { writeLocations, writeRetirements } from './write-fabric-files';
import { convertToGpkg, writeLayerGeoJson } from './write-layers';

export interface ExportOptions {
  /** Fixed availability files zipped, as the public downloads come. */
  zip?: boolean;
  /** Geometry layers as GeoPackage (through ogr2ogr) instead of GeoJSON. */
  gpkg?: boolean;
  log?: (msg: string) => void;
}

export type ManifestKind = 'locations' | 'retirements' | 'fixed' | 'mobile' | LayerKind;

export interface ManifestFile {
  kind: ManifestKind;
  vintage: string;
  path: string; // relative to the manifest
  rows: number;
}

export interface Manifest {
  /** The demo seed: the memory store keys its uuids with it, so an import can too. */
  seed: number;
  /** The county, or a state demo's first. */
  county: string;
  /** A state demo's every county (export-state.ts), ascending. */
  counties?: string[];
  files: ManifestFile[];
}

export const MANIFEST_NAME = 'manifest.json';

export async function exportDemo(fabric: Fabric, dir: string, opts: ExportOptions = {}) {
  const log = opts.log ?? (() => {});
  const loc = fabric.locations;
  const h3Cells = Array.from({ length: loc.count }, (_, i) =>
    latLngToCell(loc.lat[i], loc.lng[i], 9),
  );
  const state = fabric.county.state;
  const files: ManifestFile[] = [];
  const add = (kind: ManifestKind, vintage: string, path: string, rows: number) => {
    files.push({ kind, vintage, path: relative(dir, path), rows });
    log(`  ${relative(dir, path)}: ${rows.toLocaleString('en-US')} rows`);
  };
  for (const [vi, v] of fabric.vintages.entries()) {
    const folder = join(dir, v.vintage);
    await mkdir(folder, { recursive: true });
    const date = releaseDate(v.vintage);
    let path = join(folder, `fabric_locations_${state}_${date}.csv`);
    add('locations', v.vintage, path, await writeLocations(fabric, vi, h3Cells, path));
    path = join(folder, `fabric_retirements_${state}_${date}.csv`);
    add('retirements', v.vintage, path, await writeRetirements(fabric, vi, path));
    for (const w of await writeFixed(fabric, vi, h3Cells, folder, opts.zip ?? false)) {
      add('fixed', v.vintage, w.path, w.rows);
    }
    path = join(folder, mobileFileName(fabric, v.vintage));
    add('mobile', v.vintage, path, await writeMobile(fabric, vi, path));
  }
  // The demo's parcels, footprints and roads do not change between releases: one layer each,
  // tagged with the first release, stands for every later one until a newer layer is loaded.
  const first = fabric.vintages[0].vintage;
  const layers = join(dir, 'layers');
  await mkdir(layers, { recursive: true });
  for (const layer of ['parcels', 'footprints', 'roads'] as const) {
    const base = join(layers, `${layer}_${fabric.county.geoid}_${bdcMarker(first)}`);
    const rows = await writeLayerGeoJson(fabric, layer, `${base}.geojson`);
    if (opts.gpkg) await convertToGpkg(`${base}.geojson`, `${base}.gpkg`, layer);
    add(layer, first, `${base}.${opts.gpkg ? 'gpkg' : 'geojson'}`, rows);
  }
  const manifest: Manifest = { seed: fabric.seed, county: fabric.county.geoid, files };
  await writeFile(join(dir, MANIFEST_NAME), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
