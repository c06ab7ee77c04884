// Raw HTTP/1.1 over node:net for front-door tests: writes any bytes (broken heads, odd methods,
// a Host no fetch would send) and reads back what the server answered, parsed.
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  /** The first answer, or null when the connection closed without one. */
  response: RawResponse | null;
  /** Every byte received, for messages. */
  raw: string;
  /** Milliseconds from connecting until the server closed the connection (null: still open). */
  closedAfterMs: number | null;
}

function decodeChunked(text: string): string | null {
  let out = '';
  let at = 0;
  for (;;) {
    const eol = text.indexOf('\r\n', at);
    if (eol < 0) return null;
    const size = Number.parseInt(text.slice(at, eol), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return out;
    if (text.length < eol + 2 + size + 2) return null;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

/** The first complete response in `text`, or null while it is incomplete. */
export function parseResponse(text: string, bodyless = false): RawResponse | null {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
  if (!status) throw new Error(`not an HTTP response: ${JSON.stringify(text.slice(0, 120))}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = text.slice(end + 4);
  const code = Number(status[1]);
  // An interim answer (100 Continue) comes before the real one.
  if (code >= 100 && code < 200) return parseResponse(rest, bodyless);
  if (bodyless || code === 204 || code === 304) return { status: code, headers, body: '' };
  let body: string | null;
  if (headers['transfer-encoding'] === 'chunked') body = decodeChunked(rest);
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    body = Buffer.byteLength(rest) >= length ? rest.slice(0, length) : null;
  } else body = null; // read until close
  return body === null ? null : { status: code, headers, body };
}

/**
 * Sends `bytes` on a fresh connection and waits for the first full answer (or the close).
 * `end` half-closes after writing, for requests that would otherwise wait for more bytes.
 */
export function rawExchange(
  url: string,
  bytes: string | Buffer,
  opts: {
    end?: boolean;
    timeoutMs?: number;
    head?: boolean;
    waitForClose?: boolean;
    /** Source address (any 127.x.y.z on loopback), to speak as many clients. */
    localAddress?: string;
  } = {},
): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({
      port: Number(port),
      host: hostname.replace(/^\[|\]$/g, ''),
      ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
    });
    let raw = '';
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      let response: RawResponse | null = null;
      try {
        response = parseResponse(raw, opts.head);
        if (!response && closed && raw.includes('\r\n\r\n')) {
          // No length given: the body ran to the close.
          const head = parseResponse(
            `${raw.slice(0, raw.indexOf('\r\n\r\n'))}\r\ncontent-length: 0\r\n\r\n`,
          );
          if (head) response = { ...head, body: raw.slice(raw.indexOf('\r\n\r\n') + 4) };
        }
      } catch {
        response = null;
      }
      socket.destroy();
      resolve({ response, raw, closedAfterMs: closed ? performance.now() - started : null });
    };
    const timer = setTimeout(() => finish(false), opts.timeoutMs ?? 5000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      raw += chunk;
      if (!opts.waitForClose && parseResponse(raw, opts.head)) finish(false);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.write(bytes);
    if (opts.end) socket.end();
  });
}

/** The error body's code and message, or a thrown error naming what was wrong. */
export function jsonErrorOf(res: RawResponse): { code: string; message: string } {
  if (!(res.headers['content-type'] ?? '').includes('application/json'))
    throw new Error(
      `${res.status} is not JSON: ${res.headers['content-type']} ${res.body.slice(0, 100)}`,
    );
  const body = JSON.parse(res.body) as { error?: { code?: unknown; message?: unknown } };
  const { code, message } = body.error ?? {};
  if (typeof code !== 'string' || typeof message !== 'string' || !message)
    throw new Error(`${res.status} without error code/message: ${res.body.slice(0, 200)}`);
  return { code, message };
}
