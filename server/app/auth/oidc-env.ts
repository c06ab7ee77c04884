// OpenID Connect settings (APP_AUTH=oidc): the provider, this server's client registration, and
// who may come in. A list of allowed users or groups is required: without one, anyone with an
// account at the provider (a public one included) would spend the office's token.
import { isLoopbackHost } from './trusted-proxies';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Names (preferred_username or email) allowed in (OIDC_ALLOWED_USERS). */
  allowedUsers: ReadonlySet<string>;
  /** Groups (the `groups` claim) whose members are allowed in (OIDC_ALLOWED_GROUPS). */
  allowedGroups: ReadonlySet<string>;
}

const list = (value: string | undefined) =>
  new Set(
    (value ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );

export function oidcFromEnv(env: NodeJS.ProcessEnv): OidcSettings {
  for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
    if (!env[name]?.trim()) throw new Error(`APP_AUTH=oidc needs ${name}`);
  }
  let issuer: URL;
  try {
    issuer = new URL(env.OIDC_ISSUER!.trim());
  } catch {
    throw new Error(
      "OIDC_ISSUER must be the provider's issuer URL, e.g. https://id.example.org/realms/office",
    );
  }
  // Plain HTTP only to a provider on this machine (a test's); elsewhere tokens would cross the
  // network readable.
  if (
    issuer.protocol !== 'https:' &&
    !(issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname))
  )
    throw new Error('OIDC_ISSUER must be an https URL (http only on loopback)');
  const allowedUsers = list(env.OIDC_ALLOWED_USERS);
  const allowedGroups = list(env.OIDC_ALLOWED_GROUPS);
  if (allowedUsers.size === 0 && allowedGroups.size === 0)
    throw new Error(
      "APP_AUTH=oidc needs OIDC_ALLOWED_USERS or OIDC_ALLOWED_GROUPS: who of the provider's accounts may sign in",
    );
  return {
    issuer,
    clientId: env.OIDC_CLIENT_ID!.trim(),
    clientSecret: env.OIDC_CLIENT_SECRET!.trim(),
    allowedUsers,
    allowedGroups,
  };
}
