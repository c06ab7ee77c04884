// `npm run dev`: Vite with hot reload for the pages, and the same /api as `npm start`
// (embedded service or upstream, chosen from the same variables), on one port.
import { readCommandLine } from '../config/command-line';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { parseServerEnv } from '../config/server-env';
import { createAppServer } from './create-app-server';
import { hostAllowlist } from './host-allowlist';
import {
  closeServer,
  createHttpServer,
  exitOnSignals,
  fetchListener,
  listen,
} from '../node-http/http-server';
import { lineLogger } from '../node-http/log-lines';
import { contentSecurityPolicy, securityHeaderEntries } from '../node-http/security-headers';
import { appVersion, backendFromEnv } from './start-app-server';

readCommandLine(
  {
    name: 'dev',
    usage: `usage: npm run dev
  Vite with hot reload for the pages and the same /api as npm start (embedded service or
  upstream, from the same variables), on PORT (5173). README.md, "Configuration".`,
  },
  {},
);

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

const log = lineLogger((line: string) => console.log(line));

async function main(): Promise<void> {
  const env = process.env;
  const { port, host, allowedHosts, limits } = parseServerEnv(env, { port: 5173 });

  const backend = await backendFromEnv(env, log);
  const api = createAppServer({
    backend,
    version: appVersion(),
    log,
    dev: true,
    basemapStyle: env.VITE_BASEMAP_STYLE,
    hosts: hostAllowlist({ port: () => port, bindHost: host, extra: allowedHosts }),
  });
  const apiListener = fetchListener(api.fetch, log);
  // Vite's client is an inline module and reconnects over a websocket: the dev CSP allows both.
  const pageHeaders = securityHeaderEntries(
    contentSecurityPolicy({ dev: true, basemapStyle: env.VITE_BASEMAP_STYLE }),
  );

  // Vite needs the server for its websocket, and the server's listener needs Vite: the
  // listener reads it once the server listens, which is after Vite is ready.
  let vite: ViteDevServer | undefined;
  const server = createHttpServer(
    (req, res) => {
      if (
        req.url === '/api' ||
        req.url?.startsWith('/api/') ||
        req.url?.startsWith('/api?') ||
        req.url?.startsWith('/boundaries/')
      ) {
        void apiListener(req, res);
        return;
      }
      for (const [name, value] of pageHeaders) res.setHeader(name, value);
      vite?.middlewares(req, res);
    },
    limits,
    log,
  );
  vite = await createViteServer({
    root: ROOT,
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server } },
  });
  await listen(server, port, host);
  log(`listening on http://${host}:${port} (dev, hot reload)`);
  log(`open http://${host}:${port}/ in a browser`);
  exitOnSignals(async () => {
    await vite?.close();
    await closeServer(server);
  }, log);
}

main().catch((err: unknown) => {
  console.error(`dev server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
