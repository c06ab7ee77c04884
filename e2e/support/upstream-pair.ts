// The reference service standalone on its own loopback port (token auth, a chosen dialect)
// and an app server whose SERVICE_URL and SERVICE_TOKEN point at it: the app as it runs
// against the real service, with every /api call crossing real HTTP twice.
import { defaultLimits } from '../../server/config/server-env';
import type { Dialect } from '../../server/contract/dialect';
import { startStandaloneService } from '../../server/service/standalone-server';
import type { Store } from '../../server/service/store/store';
import { startAppServer } from '../../server/app/start-app-server';

export interface UpstreamPair {
  /** host:port of the reference service, as the badge names it. */
  upstreamHost: string;
  /** The app server's base URL, for page.goto. */
  appUrl: string;
  /**
   * The reference service's own answer, asked with the token as a client other than the app:
   * a GET, or a POST of `body` as JSON.
   */
  upstreamJson(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export async function startUpstreamPair(
  store: Store,
  opts: { token: string; dialect?: Dialect },
): Promise<UpstreamPair> {
  const upstream = await startStandaloneService({
    store,
    tokens: [opts.token],
    ...(opts.dialect ? { dialect: opts.dialect } : {}),
    port: 0,
    host: '127.0.0.1',
    limits: defaultLimits(),
  });
  const upstreamHost = new URL(upstream.url).host;
  const closeUpstream = () => upstream.close();
  const app = await startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: { SERVICE_URL: `http://${upstreamHost}`, SERVICE_TOKEN: opts.token },
    log: () => {},
  }).catch(async (error: unknown) => {
    await closeUpstream();
    throw error;
  });
  return {
    upstreamHost,
    appUrl: app.url,
    async upstreamJson(path, body) {
      const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`http://${upstreamHost}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json();
    },
    async close() {
      await app.close();
      await closeUpstream();
    },
  };
}
