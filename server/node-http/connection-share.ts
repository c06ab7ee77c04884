// Who may hold the server's connections. Node's own cap drops every connection past it, so one
// client holding 256 sockets that each sent a request line and a header (re-opened whenever the
// head deadline closed them, about 1 KB/s) kept every other client out. Here one address (an
// IPv6 /64 counts as one, as for the auth throttle) holds at most MAX_CONNECTIONS_PER_ADDRESS,
// and when a new connection finds the server (or its address) full, the connection that has
// waited longest for a request head, one still sending its head or idle between requests, is
// closed to admit it. A new connection is refused only when every connection it could replace
// is in the middle of a request. Whoever is closed or refused gets a JSON answer naming the
// rule (an idle keep-alive connection just closes, as at its own timeout).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpLimits } from '../config/server-env';
import { addressKey } from './address-key';
import { rawJsonError, type JsonErrorSpec } from './json-error';
import { requestIdFor } from './log-lines';

type Limits = Pick<HttpLimits, 'maxConnections' | 'maxConnectionsPerAddress'>;

/**
 * Waiting for a request head: the socket still has its parser (an upgraded one has none) and
 * no response in progress. Node keeps both on the socket; nothing public tells them.
 */
const waitingForHead = (socket: Socket) =>
  Reflect.get(socket, 'parser') != null && Reflect.get(socket, '_httpMessage') == null;

function oldestWaiting(sockets: Iterable<Socket>): Socket | null {
  for (const socket of sockets) if (!socket.destroyed && waitingForHead(socket)) return socket;
  return null;
}

/** Answers on a socket that holds no request, stops reading it and lets it go. */
function closeWith(socket: Socket, spec: JsonErrorSpec): void {
  socket.pause();
  if (socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const headers = { ...spec.headers, 'X-Request-Id': requestIdFor(null) };
  socket.end(rawJsonError({ ...spec, headers }));
  socket.once('finish', () => socket.destroy());
  // A client that never reads must not hold the socket open.
  setTimeout(() => socket.destroy(), 1000).unref();
}

function refusals({ maxConnections, maxConnectionsPerAddress }: Limits) {
  const perAddress = `MAX_CONNECTIONS_PER_ADDRESS (${maxConnectionsPerAddress})`;
  const total = `MAX_CONNECTIONS (${maxConnections})`;
  const retry = { 'Retry-After': '1' };
  return {
    addressEvicted: {
      status: 429,
      code: 'too_many_connections',
      message: `connection closed: its address opened more than ${perAddress} connections and this one had waited longest for a request head`,
      headers: retry,
    },
    addressFull: {
      status: 429,
      code: 'too_many_connections',
      message: `connection refused: this address holds ${perAddress} connections, each in the middle of a request`,
      headers: retry,
    },
    totalEvicted: {
      status: 503,
      code: 'connection_limit',
      message: `connection closed: ${total} connections were open and this one had waited longest for a request head`,
      headers: retry,
    },
    totalFull: {
      status: 503,
      code: 'connection_limit',
      message: `connection refused: ${total} connections are open, each in the middle of a request`,
      headers: retry,
    },
  } satisfies Record<string, JsonErrorSpec>;
}

/** Admits the server's connections by the rules above; `log` hears of each kind once per 10 s. */
export function shareConnections(server: Server, limits: Limits, log?: (line: string) => void) {
  const answers = refusals(limits);
  // Every admitted socket with its address, least recently active first: a request moves its
  // socket to the end, so the first waiting one found has waited longest.
  const order = new Map<Socket, string>();
  const byAddress = new Map<string, Set<Socket>>();
  const lastLogged = new Map<string, number>();
  const note = (line: string) => {
    const now = Date.now();
    if (now - (lastLogged.get(line) ?? 0) < 10_000) return;
    lastLogged.set(line, now);
    log?.(line);
  };

  const forget = (socket: Socket) => {
    const key = order.get(socket);
    if (key === undefined) return;
    order.delete(socket);
    const mine = byAddress.get(key)!;
    mine.delete(socket);
    if (mine.size === 0) byAddress.delete(key);
  };
  const evict = (socket: Socket, spec: JsonErrorSpec, line: string) => {
    forget(socket);
    closeWith(socket, spec);
    note(line);
  };

  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const mine = byAddress.get(key);
    if (mine && mine.size >= limits.maxConnectionsPerAddress) {
      const victim = oldestWaiting(mine);
      const line = `MAX_CONNECTIONS_PER_ADDRESS (${limits.maxConnectionsPerAddress}) reached by one address`;
      if (!victim) {
        closeWith(socket, answers.addressFull);
        note(`connection refused: ${line}`);
        return;
      }
      evict(victim, answers.addressEvicted, `connection closed: ${line}`);
    } else if (order.size >= limits.maxConnections) {
      const victim = oldestWaiting(order.keys());
      const line = `MAX_CONNECTIONS (${limits.maxConnections}) reached`;
      if (!victim) {
        closeWith(socket, answers.totalFull);
        note(`connection refused: ${line}`);
        return;
      }
      evict(victim, answers.totalEvicted, `connection closed to make room: ${line}`);
    }
    order.set(socket, key);
    if (mine) mine.add(socket);
    else byAddress.set(key, new Set([socket]));
    socket.once('close', () => forget(socket));
  });

  server.on('request', ({ socket }: { socket: Socket }) => {
    const key = order.get(socket);
    if (key === undefined) return;
    order.delete(socket);
    order.set(socket, key);
    const mine = byAddress.get(key)!;
    mine.delete(socket);
    mine.add(socket);
  });
}
