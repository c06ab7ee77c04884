// `npm start` (through scripts/start.mjs): the app server on PORT (5173) and HOST (127.0.0.1).
import { parseServerEnv } from '../config/server-env';
import { exitOnSignals } from './http-server';
import { startAppServer } from './start-app-server';

const log = (line: string) => console.log(line);

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
}

main().catch((err: unknown) => {
  console.error(`app server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
