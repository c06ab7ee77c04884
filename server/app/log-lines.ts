// Every log line of the app server goes through here: control characters escaped, so a `%0a`
// in a path (or an upstream's message) cannot forge a second line, and the id of the request
// being served appended, so the lines one request causes (its access line, an upstream
// failure, an internal error) can be found together and matched to its X-Request-Id header.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const requestScope = new AsyncLocalStorage<string>();

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

/** Runs `fn` (and everything it awaits) as the handling of request `id`. */
export function inRequestScope<T>(id: string, fn: () => T): T {
  return requestScope.run(id, fn);
}

export type LineLogger = (line: string) => void;

/** The escaping, id-appending logger in front of a plain line sink. */
export function lineLogger(sink: (line: string) => void): LineLogger {
  return (line) => {
    const id = requestScope.getStore();
    sink(id ? `${escapeControl(line)} req=${id}` : escapeControl(line));
  };
}
