// Which Host names the app server answers. DNS rebinding points an attacker's name at
// 127.0.0.1, which makes /api same-origin for the attacker's page; the browser still sends the
// attacker's name in Host, so answering only known names ends it. Known: the loopback names on
// the server's own port, the HOST it binds (unless a wildcard) and ALLOWED_HOSTS entries
// (`name` for any port, `name:port` for one).

export interface HostAllowlist {
  allows(host: string): boolean;
  /** What is allowed, for the refusal's message. */
  describe(): string[];
}

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);

/** `name` and port of a Host value (`example.org:8080`, `[::1]:5173`), or null when malformed. */
export function parseHost(value: string): { name: string; port: number | null } | null {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!m) return null;
  const name = m[1]!.toLowerCase().replace(/\.$/, '');
  return { name, port: m[2] === undefined ? null : Number(m[2]) };
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The allowlist for a server on `port` bound to `bindHost`, plus ALLOWED_HOSTS. */
export function hostAllowlist(opts: {
  port: () => number;
  bindHost: string;
  extra: readonly string[];
}): HostAllowlist {
  const own = ['localhost', '127.0.0.1', '[::1]'];
  const bind = bracketed(opts.bindHost.trim().toLowerCase());
  if (!WILDCARDS.has(bind) && !own.includes(bind)) own.push(bind);
  const extra = opts.extra.map(parseHost).filter((h) => h !== null);

  return {
    allows(value) {
      const host = parseHost(value);
      if (!host) return false;
      // No port in Host means the scheme's default; the server itself speaks plain HTTP.
      const port = host.port ?? 80;
      if (own.includes(host.name) && port === opts.port()) return true;
      return extra.some((e) => e.name === host.name && (e.port === null || e.port === port));
    },
    describe() {
      return [
        ...own.map((name) => `${name}:${opts.port()}`),
        ...extra.map((e) => (e.port === null ? e.name : `${e.name}:${e.port}`)),
      ];
    },
  };
}
