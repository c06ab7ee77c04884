// `npm run demo -- --export DIR [--zip] [--gpkg]`: the demo fabric (DEMO_LOCATIONS, cached in
// .data/) written in the published file layouts, ready for `npm run import`.
import { resolve } from 'node:path';
import { readCommandLine, refuseCommandLine, type Command } from '../../config/command-line';
import { loadDemoFabric } from '../load-demo-fabric';
import { exportDemo } from './export-demo';

const COMMAND: Command = {
  name: 'demo',
  usage: `usage: npm run demo -- --export DIR [--zip] [--gpkg]
  The demo fabric (generated once, cached in .data/) written in the published file layouts,
  with a manifest.json for \`npm run import -- --manifest DIR/manifest.json\`.
  --export DIR    the folder to write
  --zip           the fixed availability files zipped, as the published downloads come
  --gpkg          the geometry layers as GeoPackage (through ogr2ogr) instead of GeoJSON
  DEMO_LOCATIONS  the fabric's size (default: the demo's own)`,
};
function fail(message: string): never {
  return refuseCommandLine(COMMAND, message);
}

const args = readCommandLine(COMMAND, {
  export: { type: 'string' },
  zip: { type: 'boolean', default: false },
  gpkg: { type: 'boolean', default: false },
}).values;
if (!args.export) fail('--export DIR is required');
const raw = process.env.DEMO_LOCATIONS;
const locations = raw === undefined ? undefined : Number(raw);
if (locations !== undefined && !Number.isInteger(locations)) {
  fail(`DEMO_LOCATIONS must be an integer, got "${raw}"`);
}

const dir = resolve(args.export);
const started = performance.now();
const fabric = await loadDemoFabric({ locations, log: (m) => console.log(`demo: ${m}`) });
console.log(`demo: writing the published layouts into ${dir}`);
const manifest = await exportDemo(fabric, dir, {
  zip: args.zip,
  gpkg: args.gpkg,
  log: (m) => console.log(m),
});
const rows = manifest.files.reduce((sum, f) => sum + f.rows, 0);
const seconds = (performance.now() - started) / 1000;
console.log(
  `demo: ${manifest.files.length} files, ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s`,
);
