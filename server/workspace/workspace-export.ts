// A synced workspace's fabric in the published file layouts, for the importer to load into
// PostGIS (publish-workspace.ts): per fabric vintage its locations and retirements, per coverage
// vintage its fixed availability. A fabric file holds one state and a fixed file one state and
// one technology (the importer's scopes), so a workspace over several states writes each
// state's files apart. No mobile coverage, parcels, footprints nor roads: a workspace has none.
import { latLngToCell } from 'h3-js';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFixed, type StatePart } from '../demo/export/write-coverage-files';
import { writeLocations, writeRetirements } from '../demo/export/write-fabric-files';
import { releaseDate } from '../postgis/layouts';
import type { ImportFile } from '../postgis/import/run-import';
import type { Fabric } from '../service/store/fabric';
import { fabricCounties } from '../service/store/fabric-counties';

/** One part per state the fabric's counties lie in, with that state's code. */
function stateParts(fabric: Fabric): (StatePart & { state: string })[] {
  const counties = fabricCounties(fabric);
  const column = fabric.locations.county;
  const fips = [...new Set(counties.map((c) => c.geoid.slice(0, 2)))].sort();
  return fips.map((f) => {
    const inState = Uint8Array.from(counties, (c) => (c.geoid.startsWith(f) ? 1 : 0));
    return {
      stateFips: f,
      state: counties.find((c) => c.geoid.startsWith(f))!.state,
      keep: column ? (i: number) => inState[column[i]!] === 1 : () => true,
    };
  });
}

/** Writes the files into dir; the list the importer reads. */
export async function exportWorkspace(fabric: Fabric, dir: string): Promise<ImportFile[]> {
  const fabricVintages = fabric.vintages.map((v) => v.vintage);
  const unpaired = fabric.fixedCoverage.filter((c) => !fabricVintages.includes(c.vintage));
  if (unpaired.length) {
    throw new Error(
      `coverage ${unpaired.map((c) => c.vintage).join(', ')} has no fabric vintage of its own among ${fabricVintages.join(', ')}: PostGIS keeps each coverage vintage over the fabric release of the same vintage (sync with --fabric naming it)`,
    );
  }
  const loc = fabric.locations;
  const h3Cells = Array.from({ length: loc.count }, (_, i) =>
    latLngToCell(loc.lat[i]!, loc.lng[i]!, 9),
  );
  const parts = stateParts(fabric);
  const files: ImportFile[] = [];
  for (const [vi, { vintage }] of fabric.vintages.entries()) {
    const folder = join(dir, vintage);
    await mkdir(folder, { recursive: true });
    const date = releaseDate(vintage);
    for (const part of parts) {
      const path = join(folder, `fabric_locations_${part.state}_${date}.csv`);
      await writeLocations(fabric, vi, h3Cells, path, part.keep);
      files.push({ kind: 'locations', vintage, path });
    }
    const path = join(folder, `fabric_retirements_${date}.csv`);
    await writeRetirements(fabric, vi, path);
    files.push({ kind: 'retirements', vintage, path });
  }
  for (const [k, { vintage }] of fabric.fixedCoverage.entries()) {
    const folder = join(dir, vintage);
    for (const part of parts) {
      for (const written of await writeFixed(fabric, k, h3Cells, folder, false, part))
        files.push({ kind: 'fixed', vintage, path: written.path });
    }
  }
  return files;
}
