// Refusals the front door makes before the service's own vocabulary applies (a Host it does
// not serve, a cross-site call, a broken request head): the same
// {"error":{"code","message","details"}} body, as a fetch Response or as the raw bytes of a
// whole HTTP/1.1 answer for a socket that never became a request.
import { STATUS_CODES } from 'node:http';

export interface JsonErrorSpec {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

function bodyOf(spec: JsonErrorSpec): string {
  return JSON.stringify({
    error: {
      code: spec.code,
      message: spec.message,
      ...(spec.details ? { details: spec.details } : {}),
    },
  });
}

export function jsonError(spec: JsonErrorSpec): Response {
  return new Response(bodyOf(spec), {
    status: spec.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...spec.headers },
  });
}

/** A complete answer for a raw socket: JSON body, then the connection closes. */
export function rawJsonError(spec: JsonErrorSpec): string {
  const body = bodyOf(spec);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
    ...spec.headers,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const reason = STATUS_CODES[spec.status] ?? 'Error';
  return `HTTP/1.1 ${spec.status} ${reason}\r\n${head.join('')}\r\n${body}`;
}
