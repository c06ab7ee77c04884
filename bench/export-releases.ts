// The demo fabric's newest releases in the published layouts, for a benchmark that loads only
// those (`--releases N`): the files `exportDemo` writes for those releases (fabric locations,
// retirements, fixed and mobile coverage) and the three geometry layers, which stand for every
// release. A 10M-location fabric exported whole takes tens of gigabytes; one release a fifth.
import { latLngToCell } from 'h3-js';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManifestFile } from '../server/demo/export/export-demo';
import {
  mobileFileName,
  writeFixed,
  writeMobile,
} from '../server/demo/export/write-coverage-files';
import { writeLocations, writeRetirements } from '../server/demo/export/write-fabric-files';
import { writeLayerGeoJson } from '../server/demo/export/write-layers';
import { bdcMarker, releaseDate } from '../server/postgis/layouts';
import type { Fabric } from '../server/service/store/fabric';

export async function exportReleases(
  fabric: Fabric,
  dir: string,
  releases: number,
): Promise<ManifestFile[]> {
  const loc = fabric.locations;
  const h3Cells = Array.from({ length: loc.count }, (_, i) =>
    latLngToCell(loc.lat[i]!, loc.lng[i]!, 9),
  );
  const state = fabric.county.state;
  const files: ManifestFile[] = [];
  const first = fabric.vintages.length - releases;
  for (const [vi, v] of fabric.vintages.entries()) {
    if (vi < first) continue;
    const folder = join(dir, v.vintage);
    await mkdir(folder, { recursive: true });
    const add = (kind: ManifestFile['kind'], path: string, rows: number) =>
      files.push({ kind, vintage: v.vintage, path, rows });
    const date = releaseDate(v.vintage);
    let path = join(folder, `fabric_locations_${state}_${date}.csv`);
    add('locations', path, await writeLocations(fabric, vi, h3Cells, path));
    path = join(folder, `fabric_retirements_${state}_${date}.csv`);
    add('retirements', path, await writeRetirements(fabric, vi, path));
    for (const w of await writeFixed(fabric, vi, h3Cells, folder, false))
      add('fixed', w.path, w.rows);
    path = join(folder, mobileFileName(fabric, v.vintage));
    add('mobile', path, await writeMobile(fabric, vi, path));
  }
  // Tagged with the oldest release loaded: they stand for it and every later one.
  const tag = fabric.vintages[first]!.vintage;
  for (const layer of ['parcels', 'footprints', 'roads'] as const) {
    const path = join(dir, `${layer}_${fabric.county.geoid}_${bdcMarker(tag)}.geojson`);
    files.push({
      kind: layer,
      vintage: tag,
      path,
      rows: await writeLayerGeoJson(fabric, layer, path),
    });
  }
  return files;
}
