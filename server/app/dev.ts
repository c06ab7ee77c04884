// `npm run dev`: Vite with hot reload for the pages, and the same /api as `npm start`
// (embedded service or upstream, chosen from the same variables), on one port.
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer } from 'vite';
import { createAppServer } from './create-app-server';
import { contentSecurityPolicy } from './security-headers';
import { appVersion, backendFromEnv, portFromEnv } from './start-app-server';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  const env = process.env;
  const port = portFromEnv(env.PORT);
  const host = env.HOST || '127.0.0.1';

  const backend = await backendFromEnv(env, log);
  const api = createAppServer({
    backend,
    version: appVersion(),
    log,
    dev: true,
    basemapStyle: env.VITE_BASEMAP_STYLE,
  });
  const apiListener = getRequestListener(api.fetch);
  // Vite's client is an inline module and reconnects over a websocket: the dev CSP allows both.
  const csp = contentSecurityPolicy({ dev: true, basemapStyle: env.VITE_BASEMAP_STYLE });

  const server = createServer();
  const vite = await createViteServer({
    root: ROOT,
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server } },
  });
  server.on('request', (req, res) => {
    if (req.url === '/api' || req.url?.startsWith('/api/') || req.url?.startsWith('/api?')) {
      void apiListener(req, res);
      return;
    }
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    vite.middlewares(req, res);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, done);
  });
  log(`listening on http://${host}:${port} (dev, hot reload)`);
  log(`open http://${host}:${port}/ in a browser`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    setTimeout(() => process.exit(0), 3000).unref();
    void vite.close().then(() => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`dev server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
