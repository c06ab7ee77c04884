// `npm run demo -- --export DIR [--zip] [--gpkg]`: the demo fabric (DEMO_LOCATIONS, cached in
// .data/) written in the published file layouts, ready for `npm run import`. With `--state` a
// whole state (or several) instead, county by county, streamed to the files (export-state.ts).
import { resolve } from 'node:path';
import { readCommandLine, refuseCommandLine, type Command } from '../../config/command-line';
import { STATE_POSTAL } from '../county';
import { DEFAULT_SEED } from '../generate-fabric';
import { DEMO_VINTAGES } from '../vintages';
import { loadDemoFabric } from '../load-demo-fabric';
import { exportDemo } from './export-demo';
import { exportStates, MAX_STATE_LOCATIONS, MIN_COUNTY_LOCATIONS } from './export-state';

const COMMAND: Command = {
  name: 'demo',
  usage: `usage: npm run demo -- --export DIR [--zip] [--gpkg]
       npm run demo -- --export DIR --state FIPS[,FIPS...] --locations N [--seed N]
                       [--release YYYYMM[,YYYYMM...]] [--zip]
  The demo fabric (generated once, cached in .data/) written in the published file layouts,
  with a manifest.json for \`npm run import -- --manifest DIR/manifest.json\`.
  --export DIR     the folder to write
  --zip            the fixed availability files zipped, as the published downloads come
  --gpkg           the geometry layers as GeoPackage (through ogr2ogr) instead of GeoJSON
  DEMO_LOCATIONS   the fabric's size (default: the demo's own)
  A state demo: every county of the states (2-digit FIPS codes: 17 Illinois, 10 Delaware),
  each filled like the demo county, N current locations split over the counties by the ZIP
  codes inside each (${MIN_COUNTY_LOCATIONS} at least each; ${MAX_STATE_LOCATIONS.toLocaleString('en-US')} at most in all), written county by
  county so memory stays that of the largest county. Not cached; the same seed writes the
  same bytes.
  --state FIPS     the states, comma-separated
  --locations N    current locations in all (the newest release)
  --seed N         the seed (default ${DEFAULT_SEED})
  --release R      only these releases' files (default all five: ${DEMO_VINTAGES.map((v) => v.vintage).join(', ')})`,
};
function fail(message: string): never {
  return refuseCommandLine(COMMAND, message);
}

const args = readCommandLine(COMMAND, {
  export: { type: 'string' },
  zip: { type: 'boolean', default: false },
  gpkg: { type: 'boolean', default: false },
  state: { type: 'string' },
  locations: { type: 'string' },
  seed: { type: 'string' },
  release: { type: 'string' },
}).values;
if (!args.export) fail('--export DIR is required');
const dir = resolve(args.export);
const started = performance.now();

async function exportOneCounty() {
  if (args.locations !== undefined || args.seed !== undefined || args.release !== undefined)
    fail(
      '--locations, --seed and --release go with --state (the demo county takes DEMO_LOCATIONS)',
    );
  const raw = process.env.DEMO_LOCATIONS;
  const locations = raw === undefined ? undefined : Number(raw);
  if (locations !== undefined && !Number.isInteger(locations)) {
    fail(`DEMO_LOCATIONS must be an integer, got "${raw}"`);
  }
  const fabric = await loadDemoFabric({ locations, log: (m) => console.log(`demo: ${m}`) });
  console.log(`demo: writing the published layouts into ${dir}`);
  return exportDemo(fabric, dir, { zip: args.zip, gpkg: args.gpkg, log: (m) => console.log(m) });
}

async function exportState(list: string) {
  if (args.gpkg) fail('--gpkg is for the demo county; a state writes GeoJSON layers');
  const states = list.split(',').map((s) => s.trim());
  for (const s of states) {
    if (!/^\d{2}$/.test(s) || !STATE_POSTAL[s])
      fail(`--state takes 2-digit state FIPS codes (17 for Illinois), got "${s}"`);
  }
  if (new Set(states).size !== states.length) fail('--state names a state twice');
  if (args.locations === undefined) fail('--state needs --locations N');
  const locations = Number(args.locations);
  if (!Number.isInteger(locations) || locations < 1 || locations > MAX_STATE_LOCATIONS)
    fail(
      `--locations must be an integer from 1 to ${MAX_STATE_LOCATIONS}, got "${args.locations}"`,
    );
  const seed = args.seed === undefined ? DEFAULT_SEED : Number(args.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
    fail(`--seed must be an integer from 0 to ${2 ** 32 - 1}, got "${args.seed}"`);
  const known = DEMO_VINTAGES.map((v) => v.vintage);
  const releases = args.release?.split(',').map((r) => r.trim());
  for (const r of releases ?? []) {
    if (!known.includes(r)) fail(`--release takes demo releases (${known.join(', ')}), got "${r}"`);
  }
  console.log(
    `demo: states ${states.join(', ')}, ${locations.toLocaleString('en-US')} locations, seed ${seed}, into ${dir}`,
  );
  try {
    return await exportStates(dir, {
      states,
      releases,
      locations,
      seed,
      zip: args.zip,
      log: (m) => console.log(m),
    });
  } catch (err) {
    // A size the counties cannot hold, or too small for their number: refused, as bad input.
    if (err instanceof Error && /holds about|need at least/.test(err.message)) fail(err.message);
    throw err;
  }
}

const manifest = args.state === undefined ? await exportOneCounty() : await exportState(args.state);
const rows = manifest.files.reduce((sum, f) => sum + f.rows, 0);
const seconds = (performance.now() - started) / 1000;
console.log(
  `demo: ${manifest.files.length} files, ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s`,
);
