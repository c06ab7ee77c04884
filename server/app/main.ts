// `npm start` (through scripts/start.mjs): the app server on PORT (5173) and HOST (127.0.0.1).
import { readCommandLine } from '../config/command-line';
import { parseServerEnv } from '../config/server-env';
import { exitOnSignals } from '../node-http/http-server';
import { warmBoundaryTiles } from './boundary-tiles';
import { startAppServer } from './start-app-server';
import { stdoutLines } from '../node-http/stdout-lines';

readCommandLine(
  {
    name: 'app server',
    usage: `usage: npm start
  Builds the app when its sources changed, then serves it and /api on PORT (5173) and HOST
  (127.0.0.1): the embedded reference service over the demo fabric, or, with SERVICE_URL and
  SERVICE_TOKEN, the real service. README.md, "Configuration", lists every variable.`,
  },
  {},
);

// Written in batches off the request path, flushed on exit (one access line per request).
const log = stdoutLines();

async function main(): Promise<void> {
  const env = process.env;
  const { port, host } = parseServerEnv(env, { port: 5173 });
  const distDir = env.DIST_DIR ? { distDir: env.DIST_DIR } : {};
  const server = await startAppServer({ port, host, env, log, ...distDir });
  log(`listening on ${server.url}`);
  // 0.0.0.0 and :: are not addresses a browser can open; point at the local machine instead.
  const openable =
    host === '0.0.0.0' || host === '::'
      ? server.url.replace(/\/\/[^/]+:/, '//localhost:')
      : server.url;
  log(`open ${openable}/ in a browser (Ctrl+C stops the server)`);
  exitOnSignals(() => server.close(), log);
  // The boundary tiles' index takes a few seconds to build: built now, not on a planner's
  // first view (the first view's map waits for its boundary tiles).
  setTimeout(() => warmBoundaryTiles(), 0);
}

main().catch((err: unknown) => {
  console.error(`app server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
