// A state demo (or several states) in the published file layouts: every county generated in
// turn by the one-county generator and appended to the state's files, then let go, so memory
// is bounded by the largest county and never by the state. Same seed, same bytes.
import { latLngToCell } from 'h3-js';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  bdcMarker,
  LOCATION_COLUMNS,
  MOBILE_COLUMNS,
  releaseDate,
  RETIREMENT_COLUMNS,
} from '../../postgis/layouts';
import type { Fabric, Provider } from '../../service/store/fabric';
import { countiesOfState, loadCounty, STATE_POSTAL } from '../county';
import {
  checkDemoSize,
  EVER_PER_CURRENT,
  generateFabric,
  type GenerateOptions,
} from '../generate-fabric';
import { FIRST_LOCATION_ID } from '../lifecycle';
import { deriveSeed } from '../prng';
import { providersByCounty } from '../state-providers';
import { DEMO_VINTAGES } from '../vintages';
import { MANIFEST_NAME, type Manifest, type ManifestFile, type ManifestKind } from './export-demo';
import { LineSink } from './line-sink';
import { FixedSinks, writeFixedRows, writeMobileRows } from './write-coverage-files';
import { writeLocationRows, writeRetirementRows } from './write-fabric-files';
import { FeatureSink, writeLayerFeatures } from './write-layers';

/** The fewest locations a county is given: below this the generator's towns barely exist. */
export const MIN_COUNTY_LOCATIONS = 300;
/** A state demo's ceiling: the 12M, several of the demo's largest county. */
export const MAX_STATE_LOCATIONS = 12_000_000;

/** One county of a state demo: what it is given and how it is seeded. */
export interface CountyShare {
  geoid: string;
  name: string;
  stateFips: string;
  /** ZIP centroids inside it (zipcodes), at least 1: its share of the locations. */
  zips: number;
  locations: number;
  seed: number;
  fixedProviders: Provider[];
}

/**
 * Every county of the states, ascending by GEOID, with its locations: each county gets
 * MIN_COUNTY_LOCATIONS, and the rest is split in proportion to the ZIP codes whose centroid
 * lies in it (the project has no population figures; ZIP codes follow where people live far
 * better than land area does), largest remainders rounding so the shares add up to `locations`.
 */
export function planStates(states: readonly string[], locations: number, seed: number) {
  const counties: Omit<CountyShare, 'locations' | 'fixedProviders'>[] = [];
  const where: { lng: number; lat: number; place: string }[] = [];
  for (const fips of [...states].sort()) {
    for (const geoid of countiesOfState(fips)) {
      const geo = loadCounty(geoid);
      let zips = 0;
      for (const n of geo.zipsOfPlace.values()) zips += n;
      counties.push({
        geoid,
        name: geo.id.name,
        stateFips: fips,
        zips: Math.max(1, zips),
        seed: deriveSeed(seed, `county ${geoid}`),
      });
      where.push({
        lng: geo.projection.lng((geo.minX + geo.maxX) / 2),
        lat: geo.projection.lat((geo.minY + geo.maxY) / 2),
        place: geo.id.name.replace(/ (County|Parish|Borough)$/, ''),
      });
    }
  }
  const spare = locations - MIN_COUNTY_LOCATIONS * counties.length;
  if (spare < 0) {
    throw new Error(
      `${counties.length} counties need at least ${(MIN_COUNTY_LOCATIONS * counties.length).toLocaleString('en-US')} locations (${MIN_COUNTY_LOCATIONS} each); ${locations.toLocaleString('en-US')} were asked`,
    );
  }
  const total = counties.reduce((s, c) => s + c.zips, 0);
  const exact = counties.map((c) => (spare * c.zips) / total);
  const share = exact.map(Math.floor);
  let left = spare - share.reduce((s, n) => s + n, 0);
  const byRemainder = counties
    .map((_, k) => k)
    .sort((a, b) => exact[b] - share[b] - (exact[a] - share[a]) || a - b);
  for (const k of byRemainder) {
    if (left === 0) break;
    share[k]++;
    left--;
  }
  const providers = providersByCounty(
    counties.map((c, k) => ({ geoid: c.geoid, weight: c.zips, ...where[k] })),
  );
  return counties.map((c, k): CountyShare => ({
    ...c,
    locations: MIN_COUNTY_LOCATIONS + share[k],
    fixedProviders: providers.get(c.geoid)!,
  }));
}

export interface StateExportOptions {
  /** 2-digit state FIPS codes. */
  states: string[];
  /** The releases written (YYYYMM): every demo release when not given. */
  releases?: string[];
  locations: number;
  seed: number;
  zip?: boolean;
  log?: (msg: string) => void;
  /** The one-county generator (tests count the fabrics it makes and when they are let go). */
  generate?: (opts: GenerateOptions) => Fabric;
  /** Called once a county's every row is written, before the next county is generated. */
  countyWritten?: (county: CountyShare, fabric: Fabric) => void;
}

/** The files of one state and release, open while its counties are appended. */
interface ReleaseFiles {
  /** Index into DEMO_VINTAGES (the fabric's presence bits). */
  vi: number;
  locations: LineSink;
  retirements: LineSink;
  mobile: LineSink;
  fixed: FixedSinks;
  paths: { locations: string; retirements: string; mobile: string };
}

async function openRelease(dir: string, postal: string, fips: string, vi: number, zip: boolean) {
  const v = DEMO_VINTAGES[vi].vintage;
  const folder = join(dir, v);
  await mkdir(folder, { recursive: true });
  const date = releaseDate(v);
  const paths = {
    locations: join(folder, `fabric_locations_${postal}_${date}.csv`),
    retirements: join(folder, `fabric_retirements_${postal}_${date}.csv`),
    mobile: join(folder, `bdc_${fips}_mobile_broadband_h3_${bdcMarker(v)}.csv`),
  };
  const files: ReleaseFiles = {
    vi,
    locations: LineSink.open(paths.locations),
    retirements: LineSink.open(paths.retirements),
    mobile: LineSink.open(paths.mobile),
    fixed: new FixedSinks(folder, zip),
    paths,
  };
  await files.locations.line(LOCATION_COLUMNS.join(','));
  await files.retirements.line(RETIREMENT_COLUMNS.join(','));
  await files.mobile.line(MOBILE_COLUMNS.join(','));
  return files;
}

export async function exportStates(dir: string, opts: StateExportOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const generate = opts.generate ?? generateFabric;
  for (const s of opts.states) {
    if (!STATE_POSTAL[s]) throw new Error(`no state has FIPS code ${s}`);
  }
  if (opts.locations > MAX_STATE_LOCATIONS) {
    throw new Error(
      `a state demo holds at most ${MAX_STATE_LOCATIONS.toLocaleString('en-US')} locations; ${opts.locations.toLocaleString('en-US')} were asked`,
    );
  }
  const all = DEMO_VINTAGES.map((v) => v.vintage);
  const wanted = opts.releases ?? all;
  for (const r of wanted) {
    if (!all.includes(r)) throw new Error(`${r} is no demo release (${all.join(', ')})`);
  }
  const indexes = all.flatMap((v, vi) => (wanted.includes(v) ? [vi] : []));
  const plan = planStates(opts.states, opts.locations, opts.seed);
  const files: ManifestFile[] = [];
  const add = (kind: ManifestKind, vintage: string, path: string, rows: number) => {
    files.push({ kind, vintage, path: relative(dir, path), rows });
    log(`  ${relative(dir, path)}: ${rows.toLocaleString('en-US')} rows`);
  };
  // One layer of each kind for every county of every state, tagged with the first release
  // written: the import keeps one per release, and it stands for every later one.
  const first = all[indexes[0]];
  const layerDir = join(dir, 'layers');
  await mkdir(layerDir, { recursive: true });
  const tag = [...opts.states].sort().join('-');
  const layerKinds = ['parcels', 'footprints', 'roads'] as const;
  const layers = layerKinds.map((layer) => {
    const path = join(layerDir, `${layer}_${tag}_${bdcMarker(first)}.geojson`);
    return { layer, path, sink: FeatureSink.open(path) };
  });
  let nextId = FIRST_LOCATION_ID;
  let made = 0;
  // A county that fills up short of its share (ever-created locations, as checkDemoSize
  // counts them) leaves the rest owed, spread over the later counties in proportion to theirs.
  let owed = 0;
  let sharesLeft = plan.reduce((sum, c) => sum + c.locations, 0);
  const started = performance.now();
  for (const fips of new Set(plan.map((c) => c.stateFips))) {
    const postal = STATE_POSTAL[fips]!;
    const releases: ReleaseFiles[] = [];
    for (const vi of indexes)
      releases.push(await openRelease(dir, postal, fips, vi, opts.zip ?? false));
    for (const county of plan.filter((c) => c.stateFips === fips)) {
      const extra = Math.round((owed * county.locations) / sharesLeft);
      owed -= extra;
      sharesLeft -= county.locations;
      const asked = county.locations + extra;
      const fabric = generate({
        seed: county.seed,
        locations: asked,
        geoid: county.geoid,
        firstLocationId: nextId,
        fixedProviders: county.fixedProviders,
        stateShare: true,
      });
      const planned = Math.round(asked * EVER_PER_CURRENT);
      if (fabric.locations.count < 0.9 * planned) {
        const short = Math.round((planned - fabric.locations.count) / EVER_PER_CURRENT);
        owed += short;
        log(
          `demo: ${county.name} holds ${short.toLocaleString('en-US')} fewer than its ${asked.toLocaleString('en-US')}: given to the counties after it`,
        );
      }
      const loc = fabric.locations;
      const h3Cells = Array.from({ length: loc.count }, (_, i) =>
        latLngToCell(loc.lat[i], loc.lng[i], 9),
      );
      for (const release of releases) {
        const vi = release.vi;
        await writeLocationRows(fabric, vi, h3Cells, release.locations);
        await writeRetirementRows(fabric, vi, release.retirements);
        await writeFixedRows(fabric, vi, h3Cells, release.fixed, {
          stateFips: fips,
          keep: () => true,
        });
        await writeMobileRows(fabric, vi, release.mobile);
      }
      for (const { layer, sink } of layers) await writeLayerFeatures(fabric, layer, sink);
      // Ids ascend county by county: the next county starts above this one's highest.
      nextId = loc.locationId[loc.count - 1] + 1;
      made += loc.count;
      const seconds = (performance.now() - started) / 1000;
      log(
        `demo: ${county.name} (${county.geoid}): ${loc.count.toLocaleString('en-US')} locations; ${made.toLocaleString('en-US')} so far in ${seconds.toFixed(0)} s`,
      );
      opts.countyWritten?.(county, fabric);
    }
    for (const release of releases) {
      const v = all[release.vi];
      for (const kind of ['locations', 'retirements'] as const) {
        await release[kind].close();
        add(kind, v, release.paths[kind], release[kind].lines - 1);
      }
      for (const w of await release.fixed.close()) add('fixed', v, w.path, w.rows);
      await release.mobile.close();
      add('mobile', v, release.paths.mobile, release.mobile.lines - 1);
    }
  }
  for (const { layer, path, sink } of layers) {
    await sink.close();
    add(layer, first, path, sink.features);
  }
  // What the last counties could not take either: refused as the demo county refuses.
  checkDemoSize(opts.locations, made, `${opts.states.length > 1 ? 'the states' : 'the state'}`);
  const manifest: Manifest = {
    seed: opts.seed,
    county: plan[0].geoid,
    counties: plan.map((c) => c.geoid),
    files,
  };
  await writeFile(join(dir, MANIFEST_NAME), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
