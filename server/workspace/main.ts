// npm run sync: counties or a state of the real service into the workspace the app server
// answers the project's own views from (README, "Running against the real service").
import { resolve } from 'node:path';
import {
  integerOption,
  readCommandLine,
  refuseCommandLine,
  type Command,
} from '../config/command-line';
import { upstreamAccessFromEnv } from '../app/upstream-env';
import { parseStoreEnv } from '../config/store-env';
import { runSync } from './run-sync';
import { SyncStopped } from './sync-stopped';
import {
  DEFAULT_SYNC_RATE as DEFAULT_RATE,
  DEFAULT_WORKSPACE_DIR,
  SYNC_CONCURRENCY as CONCURRENCY,
} from './workspace-dir';

const command: Command = {
  name: 'sync',
  usage: `usage: npm run sync -- --county GEOID[,GEOID…] | --state GEOID
                       [--fabric YYYYMM[,YYYYMM]] [--coverage YYYYMM[,YYYYMM]]
                       [--rate N] [--credits N] [--workspace DIR]

Pulls counties or a state from the real service (SERVICE_URL, SERVICE_TOKEN,
SERVICE_TOKEN_TYPE, SERVICE_AUTH, read as the app server reads them) through its published
operations only, into the workspace the app server answers the project's own views from.
Counties synced before from the same service are kept. With STORE=postgis (DATABASE_URL,
read as the app server reads it) the workspace is also published into that database.
  --county GEOID,…     counties by 5-digit GEOID, comma-separated
  --state GEOID        a state by 2-digit FIPS code: every county of it (the Census county
                       file the project ships lists them; the service publishes no list)
  --fabric, --coverage the vintages to hold (default: the newest two of each)
  --rate N             requests a minute at most (default ${DEFAULT_RATE}), ${CONCURRENCY} at a time
  --credits N          stop before the request that would spend more than N credits
  --workspace DIR      where the workspace is (default WORKSPACE_DIR or ${DEFAULT_WORKSPACE_DIR})
Every answer is journaled under DIR/.sync/: run the same command again to resume or to add
new vintages. Exit codes: 0 synced, 2 wrong option, 3 credits ceiling, 4 an answer without the
published shape, 5 the service unreachable or refusing, 6 synced but not published into the
database.`,
};

const vintages = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const list = value.split(',').map((v) => v.trim());
  if (!list.every((v) => /^\d{6}$/.test(v)))
    refuseCommandLine(command, `--${name} takes YYYYMM vintages, comma-separated`);
  return list;
};

const { values } = readCommandLine(command, {
  county: { type: 'string' },
  state: { type: 'string' },
  fabric: { type: 'string' },
  coverage: { type: 'string' },
  rate: { type: 'string' },
  credits: { type: 'string' },
  workspace: { type: 'string' },
});
if (values.state === undefined && values.county === undefined)
  refuseCommandLine(command, 'give --county GEOID[,GEOID…] or --state GEOID');
const counties = values.county?.split(',').map((c) => c.trim()) ?? [];
if (!counties.every((c) => /^\d{5}$/.test(c)))
  refuseCommandLine(command, '--county takes 5-digit GEOIDs, comma-separated');
if (values.state !== undefined && !/^\d{2}$/.test(values.state))
  refuseCommandLine(command, '--state takes a 2-digit FIPS code');
const fabric = vintages('fabric', values.fabric);
const coverage = vintages('coverage', values.coverage);
const rate = integerOption(command, 'rate', values.rate?.replace(/\/min$/, ''), DEFAULT_RATE, 1);
const credits =
  values.credits === undefined ? null : integerOption(command, 'credits', values.credits, 0, 0);
let access, store;
try {
  access = upstreamAccessFromEnv(process.env, (line) => console.error(line));
  store = parseStoreEnv(process.env);
} catch (err) {
  refuseCommandLine(command, (err as Error).message);
}

try {
  const manifest = await runSync({
    access,
    counties,
    ...(values.state !== undefined ? { state: values.state } : {}),
    ...(fabric ? { fabric } : {}),
    ...(coverage ? { coverage } : {}),
    ratePerMinute: rate,
    concurrency: CONCURRENCY,
    credits,
    workspaceDir: resolve(values.workspace ?? process.env.WORKSPACE_DIR ?? DEFAULT_WORKSPACE_DIR),
    log: (line) => console.log(line),
    store,
  });
  const sent = Object.values(manifest.requests).reduce((a, b) => a + b, 0);
  console.log(
    `sync: done: ${manifest.areas.length} ${manifest.areas.length === 1 ? 'county' : 'counties'}, ${manifest.locations} locations, fabric ${manifest.fabricVintages.join(', ')}, coverage ${manifest.coverageVintages.join(', ')}; ${sent} requests, ${manifest.credits} credits`,
  );
} catch (err) {
  if (!(err instanceof SyncStopped)) throw err;
  console.error(`sync: stopped: ${err.message}`);
  process.exit(err.exitCode);
}
