// Each setting that stops the app server before it listens, and the message naming what to set.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../start-app-server';
import { authFromEnv } from './auth-env';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auth-start-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const UPSTREAM = { SERVICE_URL: 'http://127.0.0.1:9/api', SERVICE_TOKEN: 't' };

async function refusal(env: Record<string, string>, host = '127.0.0.1'): Promise<string> {
  try {
    const app = await startAppServer({ port: 0, host, env, log: () => {} });
    await app.close();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the server started');
}

describe('the app server refuses to start', () => {
  it('on a non-loopback address without sign-in when it spends the service token', async () => {
    const message = await refusal(UPSTREAM, '0.0.0.0');
    expect(message).toContain('APP_AUTH');
    expect(message).toContain('password, proxy');
  });

  it('with an APP_AUTH it does not know', async () => {
    expect(await refusal({ APP_AUTH: 'ldap' })).toMatch(
      /^APP_AUTH must be one of none, password, proxy/,
    );
  });

  it('in password mode without APP_USERS_FILE, or with one that is missing', async () => {
    expect(await refusal({ APP_AUTH: 'password' })).toContain('APP_USERS_FILE');
    expect(await refusal({ APP_AUTH: 'password', APP_USERS_FILE: join(dir, 'none') })).toContain(
      'APP_USERS_FILE',
    );
  });

  it('in proxy mode without TRUSTED_PROXIES, or with a malformed one', async () => {
    expect(await refusal({ APP_AUTH: 'proxy' })).toContain('TRUSTED_PROXIES');
    expect(await refusal({ APP_AUTH: 'proxy', TRUSTED_PROXIES: '10.0.0.0/33' })).toContain(
      'TRUSTED_PROXIES',
    );
  });

  it('in OpenID Connect mode without the provider, the client or who may sign in', async () => {
    const oidc = {
      APP_AUTH: 'oidc',
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_ID: 'app',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_ALLOWED_GROUPS: 'planners',
    };
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'])
      expect(await refusal({ ...oidc, [name]: '' })).toBe(`APP_AUTH=oidc needs ${name}`);
    expect(await refusal({ ...oidc, OIDC_ALLOWED_GROUPS: '' })).toContain(
      'OIDC_ALLOWED_USERS or OIDC_ALLOWED_GROUPS',
    );
    expect(await refusal({ ...oidc, OIDC_ISSUER: 'http://id.example.org' })).toContain(
      'OIDC_ISSUER must be an https URL',
    );
  });

  it('with a malformed budget', async () => {
    expect(await refusal({ APP_USER_CREDITS_PER_DAY: 'lots' })).toContain(
      'APP_USER_CREDITS_PER_DAY',
    );
  });
});

describe('the embedded demo', () => {
  it('may listen beyond loopback without sign-in, with a warning in the log', () => {
    const lines: string[] = [];
    const settings = authFromEnv(
      {},
      { host: '0.0.0.0', spendsToken: false, dataDir: dir, log: (l) => lines.push(l) },
    );
    expect(settings.mode).toBe('none');
    expect(lines.join('\n')).toMatch(/^warning: APP_AUTH is none and HOST 0\.0\.0\.0/);
  });

  it('on loopback says nothing', () => {
    const lines: string[] = [];
    authFromEnv(UPSTREAM, {
      host: '127.0.0.1',
      spendsToken: true,
      dataDir: dir,
      log: (l) => lines.push(l),
    });
    expect(lines).toEqual([]);
  });
});
