// Every log line of the app server goes through here: control characters escaped, so a `%0a`
// in a path (or an upstream's message) cannot forge a second line, and the id of the request
// it is about appended, so the lines one request causes (its access line, an upstream
// failure, an internal error) can be found together and matched to its X-Request-Id header.
// The id is handed over with the line (the request, or the id itself), never found from an
// async context: AsyncLocalStorage puts promise hooks on every promise of every request, which
// cost the app server a tenth of its throughput.
import { randomUUID } from 'node:crypto';

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g;

/** One printable line: `\` doubled, \n \r \t by name, other controls as \xNN or \uNNNN. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (ch) => {
    if (ch === '\\') return '\\\\';
    if (ch === '\n') return '\\n';
    if (ch === '\r') return '\\r';
    if (ch === '\t') return '\\t';
    const code = ch.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

// A caller's own id is kept (a proxy in front may have logged it already) only when it is a
// short token that cannot carry anything into a log or a header.
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFor(incoming: string | undefined | null): string {
  return incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

const requestIds = new WeakMap<Request, string>();

/** Marks `request` as the handling of request `id` (the app server's own, or the one it hands its backend). */
export function tagRequest(request: Request, id: string): void {
  requestIds.set(request, id);
}

export function requestIdOf(request: Request): string | undefined {
  return requestIds.get(request);
}

/** What a line is about: a request being served (tagged), or the id of one refused at the socket. */
export type LineSubject = Request | string | undefined;

export type LineLogger = (line: string, about?: LineSubject) => void;

/** The escaping, id-appending logger in front of a plain line sink. */
export function lineLogger(sink: (line: string) => void): LineLogger {
  return (line, about) => {
    const id = typeof about === 'string' ? about : about && requestIds.get(about);
    sink(id ? `${escapeControl(line)} req=${id}` : escapeControl(line));
  };
}
