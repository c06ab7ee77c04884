// `npm run import -- ...`: the published files into the PostGIS database at DATABASE_URL.
//   npm run import -- --manifest DIR/manifest.json           (what `npm run demo -- --export` wrote)
//   npm run import -- --vintage 202406 --locations F.csv --fixed A.zip B.csv --mobile M.csv \
//                     --retirements R.csv --parcels P.gpkg --footprints B.gpkg --roads R.geojson
import { resolve } from 'node:path';
import { readCommandLine, refuseCommandLine, type Command } from '../../config/command-line';
import { describeUrl } from '../connection';
import { readManifest, runImport, type ImportFile } from './run-import';

const KINDS = [
  'locations',
  'retirements',
  'fixed',
  'mobile',
  'parcels',
  'footprints',
  'roads',
] as const;

const COMMAND: Command = {
  name: 'import',
  usage: `usage: npm run import -- [--database-url URL] (--manifest FILE | --vintage YYYYMM --locations F...
       --fixed F... --mobile F... --retirements F... --parcels F --footprints F --roads F)
       [--uuid-seed N] [--max-rejected SHARE] [--rejects REPORT.csv] [--quiet]
  The published files into the PostGIS database at DATABASE_URL (or --database-url).
  --manifest FILE       what \`npm run demo -- --export DIR\` wrote (DIR/manifest.json)
  --vintage YYYYMM      the release (June or December) the files given one by one belong to
  --max-rejected SHARE  the share of rows that may be refused before the import stops (0.001)
  --rejects FILE        where the refused rows are listed (import-rejects.csv)
  --uuid-seed N         the seed of location UUIDs (the manifest's when it has one)
  --quiet               no progress lines`,
};

function fail(message: string, code = 2): never {
  if (code === 2) refuseCommandLine(COMMAND, message);
  console.error(`import: ${message}`);
  process.exit(code);
}

const values = readCommandLine(COMMAND, {
  'database-url': { type: 'string' },
  manifest: { type: 'string' },
  vintage: { type: 'string' },
  'uuid-seed': { type: 'string' },
  'max-rejected': { type: 'string', default: '0.001' },
  rejects: { type: 'string', default: 'import-rejects.csv' },
  quiet: { type: 'boolean', default: false },
  ...Object.fromEntries(KINDS.map((k) => [k, { type: 'string', multiple: true }] as const)),
}).values as Record<string, string | string[] | boolean | undefined>;

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
    `import: ${loaded.length} files loaded (${rows.toLocaleString('en-US')} rows), ${report.outcomes.length - loaded.length} skipped, in ${report.seconds.toFixed(1)} s; database ${(report.databaseBytes / 2 ** 20).toFixed(0)} MiB; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
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
