// The node:http server under both the app server and the standalone service, with the limits
// Node leaves open by default: a request head must arrive within HEADERS_TIMEOUT_S and the whole
// request within REQUEST_TIMEOUT_S (Node: 60 s and 300 s, checked only every 30 s), idle
// keep-alive sockets close after KEEPALIVE_TIMEOUT_S, and connections are shared out by address
// up to MAX_CONNECTIONS (connection-share.ts). Whatever Node would answer itself (a broken head,
// a timeout, CONNECT, an odd Expect) is answered here as the same JSON error body the app uses,
// never a bare status line.
import { getRequestListener } from '@hono/node-server';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { HttpLimits } from '../config/server-env';
import { shareConnections } from './connection-share';
import { jsonError, rawJsonError, type JsonErrorSpec } from './json-error';
import { requestIdFor, type LineLogger } from './log-lines';

type Fetch = Parameters<typeof getRequestListener>[0];
type Log = LineLogger;

/** What each of llhttp's and Node's refusals of a connection means for the client. */
function clientErrorSpec(code: string | undefined, limits: HttpLimits): JsonErrorSpec {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      code: 'request_timeout',
      message: `the request was not received in time: its head must arrive within ${limits.headersTimeoutMs / 1000} s (HEADERS_TIMEOUT_S) and the whole request within ${limits.requestTimeoutMs / 1000} s (REQUEST_TIMEOUT_S)`,
    };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      code: 'headers_too_large',
      message: 'the request head is too large: request line and headers must fit in 16 KiB',
    };
  }
  if (code === 'HPE_INVALID_METHOD') {
    return {
      status: 405,
      code: 'method_not_allowed',
      message: 'the request method is not one this server knows; use GET or POST',
    };
  }
  return {
    status: 400,
    code: 'invalid_request',
    message: `the request is not valid HTTP/1.1 (${code ?? 'parse error'})`,
    details: { parser: code ?? null },
  };
}

/** Writes a whole answer on a socket that has no response object (logged under a fresh request id), then lets it go. */
function answerSocket(socket: Duplex, spec: JsonErrorSpec, line: string, log?: Log): void {
  const id = requestIdFor(null);
  log?.(line, id);
  socket.end(rawJsonError({ ...spec, headers: { ...spec.headers, 'X-Request-Id': id } }));
  // A client that never reads or closes must not hold the socket open.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** An error the WHATWG URL parser throws: a Host it cannot hold (say an IPv4 number past 32 bits). */
function isInvalidUrl(err: unknown): boolean {
  return err instanceof TypeError && (err as NodeJS.ErrnoException).code === 'ERR_INVALID_URL';
}

/**
 * The Hono app as a node listener. A request the adapter cannot turn into a fetch Request (no
 * Host, a backslash in the path, an unparsable Host, one no URL can hold) is a 400 JSON, not an
 * empty 400 or a 500.
 */
export function fetchListener(fetch: Fetch, log?: Log): RequestListener {
  // The adapter passes the Host on unparsed; the routes parse the URL. One no URL can hold is
  // refused here, before any route.
  const withUrl: Fetch = (request, ...rest) => {
    void new URL(request.url);
    return fetch(request, ...rest);
  };
  return getRequestListener(withUrl, {
    errorHandler: (err) => {
      if (err instanceof Error && (err.name === 'RequestError' || isInvalidUrl(err))) {
        const id = requestIdFor(null);
        log?.(`- - 400 invalid_request (${err.message})`, id);
        return jsonError({
          status: 400,
          code: 'invalid_request',
          message: `the request cannot be read: ${err.message}`,
          headers: { 'X-Request-Id': id },
        });
      }
      log?.(
        `internal error before routing: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      return jsonError({ status: 500, code: 'internal', message: 'internal error' });
    },
  });
}

export function createHttpServer(listener: RequestListener, limits: HttpLimits, log?: Log): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests past those deadlines (its default is 30 s).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headersTimeoutMs / 4)),
      // A request without Host reaches the adapter, which refuses it with a JSON 400.
      requireHostHeader: false,
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // In place of Node's maxConnections, which drops every newcomer once one client fills it.
  shareConnections(server, limits, log);

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const inFlight = Reflect.get(socket, '_httpMessage') as ServerResponse | null | undefined;
    // The client closed its side: before anything was answered on this socket, a half-sent
    // head gets its 400; otherwise the request in hand (or one answered early) is simply
    // abandoned, and its own access line says so.
    const gone =
      err.code === 'HPE_INVALID_EOF_STATE' && (inFlight != null || socket.bytesWritten > 0);
    if (gone || err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const spec = clientErrorSpec(err.code, limits);
    answerSocket(socket, spec, `- - ${spec.status} ${spec.code} (${err.code ?? err.message})`, log);
  });

  // CONNECT (a proxy tunnel) is no method of ours; Node would drop the socket without a word.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const spec = {
      status: 405,
      code: 'method_not_allowed',
      message: 'CONNECT is not allowed here; use GET or POST',
      headers: { Allow: 'GET, HEAD, POST' },
    };
    answerSocket(socket, spec, `CONNECT ${req.url ?? ''} 405`, log);
  });

  // A protocol upgrade (WebSocket, h2c) is nothing these servers speak. Without this listener
  // Node serves such a request as a plain one, except that a broken chunked body then stalls it
  // unanswered until REQUEST_TIMEOUT_S instead of failing to parse: refuse it outright.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const spec = {
      status: 400,
      code: 'upgrade_not_supported',
      message: `protocol upgrades are not supported (Upgrade: ${String(req.headers.upgrade ?? '').slice(0, 64)}); send the request without Connection: Upgrade`,
      details: { parameter: 'Upgrade' },
    };
    answerSocket(
      socket,
      spec,
      `${req.method ?? '-'} ${req.url ?? ''} 400 upgrade_not_supported`,
      log,
    );
  });

  // Node answers an Expect other than 100-continue with a bare 417.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify({
      error: {
        code: 'expectation_failed',
        message: 'the Expect header is not supported; only 100-continue is',
        details: { parameter: 'Expect' },
      },
    });
    res.writeHead(417, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
    res.end(body);
    req.resume();
  });
  return server;
}

/** Listens and resolves with the bound port (PORT 0 picks a free one). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      const address = server.address();
      done(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * Stops listening and ends every connection, idle keep-alive ones included. With `drain`,
 * requests in flight may finish first (a signal's shutdown bounds how long they take).
 */
export function closeServer(server: Server, opts: { drain?: boolean } = {}): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    if (opts.drain) server.closeIdleConnections();
    else server.closeAllConnections();
  });
}

/**
 * Ctrl+C or SIGTERM stops a server, then the process: `stop` is given 3 s (slow clients must
 * not hold the exit), and a signal that follows while stopping is ignored (npm start forwards
 * the terminal's Ctrl+C, so a second one may arrive).
 */
export function exitOnSignals(stop: () => Promise<unknown>, log: (line: string) => void): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    setTimeout(() => process.exit(0), 3000).unref();
    void stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
