// A real OpenID Connect provider (oidc-provider) on a loopback port for the sign-in tests, with
// its development login form (any password), and a browser stand-in that follows redirects
// between it and the app server, keeping cookies as a browser does, and fills in the form.
import { createServer } from 'node:http';
import { Provider } from 'oidc-provider';
import { closeServer, listen } from '../../../node-http/http-server';

export interface IdentityProvider {
  issuer: string;
  /** Registers the app server's callback; called once the app server's port is known. */
  register(redirectUri: string): void;
  close(): Promise<void>;
}

export const CLIENT = { id: 'coverage-explorer', secret: 'a-long-client-secret-for-tests' };

export async function startIdentityProvider(
  groups: Record<string, string[]>,
): Promise<IdentityProvider> {
  const server = createServer((_req, res) => {
    res.writeHead(503).end();
  });
  const port = await listen(server, 0, '127.0.0.1');
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    register(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT.id,
            client_secret: CLIENT.secret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({ sub, preferred_username: sub, groups: groups[sub] ?? [] }),
        }),
        claims: { openid: ['sub'], profile: ['preferred_username', 'groups'] },
        // The name and groups in the ID token itself, not only at userinfo.
        conformIdTokenClaims: false,
        cookies: { keys: ['a-cookie-key-for-tests'] },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
        features: { devInteractions: { enabled: true } },
      });
      server.removeAllListeners('request');
      server.on('request', provider.callback());
    },
    close: () => closeServer(server),
  };
}

/**
 * Follows redirects from `url`, signing in at the provider's form as `login`; the last page, or
 * (status 0) the first URL whose path is `stopAt`, not asked.
 */
export async function browseSigningIn(
  url: string,
  login: string,
  jar: Map<string, string>,
  stopAt?: string,
): Promise<{ url: string; status: number; text: string }> {
  let at = url;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    if (new URL(at).pathname === stopAt) return { url: at, status: 0, text: '' };
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(at, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie },
      redirect: 'manual',
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(set))
        jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
    const location = res.headers.get('location');
    if (location) {
      at = new URL(location, at).href;
      init = {};
      continue;
    }
    const text = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(text)?.[1];
    if (new URL(at).pathname.startsWith('/interaction/') && prompt) {
      const action = /<form[^>]*action="([^"]+)"/.exec(text)?.[1] ?? '';
      at = new URL(action, at).href;
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt, login, password: 'any' }).toString(),
      };
      continue;
    }
    return { url: at, status: res.status, text };
  }
  throw new Error(`more than 20 hops from ${url}`);
}
