// `npm run import -- ...`: the published files into the PostGIS database at DATABASE_URL.
//   npm run import -- --manifest DIR/manifest.json           (what `npm run demo -- --export` wrote)
//   npm run import -- --vintage 202406 --locations F.csv --fixed A.zip B.csv --mobile M.csv \
//                     --retirements R.csv --parcels P.gpkg --footprints B.gpkg --roads R.geojson
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeUrl } from '../connection';
import { readManifest, runImport, type ImportFile } from './run-import';

const USAGE = `usage: npm run import -- [--database-url URL] (--manifest FILE | --vintage YYYYMM --locations F... --fixed F...
       --mobile F... --retirements F... --parcels F --footprints F --roads F) [--uuid-seed N]
       [--max-rejected SHARE] [--rejects REPORT.csv] [--quiet]`;

const KINDS = [
  'locations',
  'retirements',
  'fixed',
  'mobile',
  'parcels',
  'footprints',
  'roads',
] as const;

function fail(message: string, code = 2): never {
  console.error(`import: ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

let values;
try {
  values = parseArgs({
    options: {
      'database-url': { type: 'string' },
      manifest: { type: 'string' },
      vintage: { type: 'string' },
      'uuid-seed': { type: 'string' },
      'max-rejected': { type: 'string', default: '0.001' },
      rejects: { type: 'string', default: 'import-rejects.csv' },
      quiet: { type: 'boolean', default: false },
      ...Object.fromEntries(KINDS.map((k) => [k, { type: 'string', multiple: true }])),
    },
    allowPositionals: true,
  }).values as Record<string, string | string[] | boolean | undefined>;
} catch (err) {
  fail((err as Error).message);
}

const url = (values['database-url'] as string | undefined) ?? process.env.DATABASE_URL;
if (!url) fail('set DATABASE_URL (postgres://user@host:port/db) or pass --database-url');
const share = Number(values['max-rejected']);
if (!(share >= 0 && share <= 1))
  fail(`--max-rejected must be a share from 0 to 1, got ${values['max-rejected']}`);
let seed = values['uuid-seed'] === undefined ? undefined : Number(values['uuid-seed']);
if (seed !== undefined && !Number.isInteger(seed)) fail(`--uuid-seed must be an integer`);

let files: ImportFile[] = [];
if (values.manifest) {
  const manifest = await readManifest(values.manifest as string).catch((err: Error) =>
    fail(`cannot read the manifest: ${err.message}`),
  );
  files = manifest.files;
  seed ??= manifest.seed;
}
const given = KINDS.filter((k) => values[k] !== undefined);
if (given.length) {
  const vintage = values.vintage as string | undefined;
  if (!vintage || !/^20\d{2}(06|12)$/.test(vintage)) {
    fail('--vintage YYYYMM (a June or December release, e.g. 202406) tags the files given');
  }
  for (const kind of given) {
    for (const path of values[kind] as string[]) files.push({ kind, vintage, path: resolve(path) });
  }
}
if (files.length === 0) fail('no files given');

const quiet = values.quiet === true;
console.log(`import: ${files.length} files into ${describeUrl(url)}`);
try {
  const report = await runImport({
    url,
    files,
    uuidSeed: seed,
    maxRejectShare: share,
    rejectsPath: resolve(values.rejects as string),
    progress: quiet ? null : process.stderr,
    log: (m) => console.log(`import: ${m}`),
  });
  const loaded = report.outcomes.filter((o) => o.status === 'loaded');
  const rows = loaded.reduce((s, o) => s + o.rows, 0);
  console.log(
    `import: ${loaded.length} files loaded (${rows.toLocaleString('en-US')} rows), ${report.outcomes.length - loaded.length} skipped, in ${report.seconds.toFixed(1)} s; database ${(report.databaseBytes / 2 ** 20).toFixed(0)} MiB`,
  );
  if (report.rejected) {
    console.log(
      `import: ${report.rejected} rows rejected, listed in ${values.rejects}; the first:`,
    );
    for (const r of report.samples) console.log(`  ${r.file} line ${r.line}: ${r.reason}`);
  }
} catch (err) {
  fail(
    `${(err as Error).message}\nimport: nothing of that file was loaded; files loaded before it are kept, and running the same command again resumes after them.`,
    1,
  );
}
