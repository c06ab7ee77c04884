// Sign-in tests' fixtures: a users file with chosen passwords, an app server started with
// APP_AUTH settings over the fixture fabric (or a fake upstream), a browser-like client that
// keeps its cookie, and requests from a chosen loopback source address (as a proxy would send).
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore } from '../../../service/store/memory/memory-store';
import { buildFixtureFabric } from '../../../service/testing/fixture-fabric';
import { startAppServer, type RunningAppServer } from '../../start-app-server';
import { hashPassword } from '../password-hash';
import { writeUsers } from '../users-file';

export interface AuthTestServer {
  app: RunningAppServer;
  dir: string;
  logs: string[];
  close(): Promise<void>;
}

/** An app server in a fresh folder with the users given (name → password). */
export async function startAuthApp(
  env: Record<string, string>,
  people: Record<string, string> = {},
): Promise<AuthTestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'app-auth-'));
  const users = new Map<string, string>();
  for (const [name, password] of Object.entries(people))
    users.set(name, await hashPassword(password));
  writeUsers(join(dir, 'users'), users);
  const logs: string[] = [];
  const app = await startAppServer({
    port: 0,
    distDir: join(dir, 'no-dist'),
    env: {
      APP_USERS_FILE: join(dir, 'users'),
      APP_USAGE_FILE: join(dir, 'usage.jsonl'),
      APP_AREAS_DIR: join(dir, 'areas'),
      // No worker threads: these tests are about the gate, not the heavy operations.
      SERVICE_WORKERS: '0',
      ...env,
    },
    ...(env.SERVICE_URL ? {} : { store: createMemoryStore(buildFixtureFabric()) }),
    log: (line) => logs.push(line),
  });
  return {
    app,
    dir,
    logs,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A client that keeps the session cookie as a browser would, and never follows redirects. */
export class CookieClient {
  cookie = '';
  constructor(readonly base: string) {}

  async send(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    const res = await fetch(`${this.base}${path}`, { ...init, headers, redirect: 'manual' });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('ce_session='));
    if (set) this.cookie = set.split(';')[0]!;
    return res;
  }

  signInForm(name: string, password: string, next = '/'): Promise<Response> {
    return this.send('/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name, password, next }).toString(),
    });
  }

  signInJson(name: string, password: string): Promise<Response> {
    return this.send('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });
  }
}

export interface FromAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request from source address `from` (any 127.x.y.z on loopback), as a proxy would send it. */
export function requestFrom(
  url: string,
  from: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<FromAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { localAddress: from, method: opts.method ?? 'GET', headers: opts.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
