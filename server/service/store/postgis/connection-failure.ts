// Which database errors mean the database cannot be reached now, as opposed to a fault of one
// query: refused or reset connections, a server shutting down or starting, no connection or no
// answer within the client's limits. Each gets a reason in our words, never the driver's message
// (which may name the host), for the 503 answer and the outage log.

/** Socket errors: nothing listens, the connection was cut, the host or network is gone. */
const SOCKET: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ECONNABORTED: 'connection aborted',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  EHOSTDOWN: 'host down',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network down',
  ENOTFOUND: 'host name does not resolve',
  EAI_AGAIN: 'host name lookup failed',
};

/** SQLSTATEs the server sends when it cannot serve this session. */
const SERVER: Record<string, string> = {
  '57P01': 'the server is shutting down',
  '57P02': 'the server is restarting after a crash',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'the server has no connection slot left',
};

/** node-postgres and pg-pool errors that carry no code, by their fixed messages. */
const DRIVER: [RegExp, string][] = [
  [/^Connection terminated due to connection timeout$/, 'no connection within the connect timeout'],
  [/^Connection terminated/, 'connection closed by the server'],
  [/^timeout exceeded when trying to connect$/, 'no connection within the connect timeout'],
  [/^timeout expired$/, 'no connection within the connect timeout'],
  [/^Query read timeout$/, 'no answer within the query timeout'],
  [/is not queryable$/, 'connection lost'],
];

function reasonOf(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET[code]) return SOCKET[code];
    if (SERVER[code]) return SERVER[code];
    // Class 08: connection exception (the server says the session is broken).
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'connection failure';
  }
  for (const [pattern, reason] of DRIVER) if (pattern.test(err.message)) return reason;
  return null;
}

/** Why the database cannot be reached, when `err` says so; null for any other error. */
export function connectionFailure(err: unknown): string | null {
  // pg-pool wraps the socket error of a connect that timed out; a cause may say more.
  for (let e: unknown = err, depth = 0; e && depth < 3; e = (e as Error).cause, depth++) {
    const reason = reasonOf(e);
    if (reason) return reason;
  }
  return null;
}
