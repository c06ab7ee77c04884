// How a generated request's body is framed on the wire: the right Content-Length, or one too
// short or too long, none at all, chunked (well formed, broken, never finished), both headers
// at once, a negative or doubled length. Each says whether the server is left waiting for
// bytes that never come.
import * as fc from 'fast-check';

export type Framing =
  | 'length'
  | 'short'
  | 'long'
  | 'none'
  | 'chunked'
  | 'chunked-broken'
  | 'chunked-open'
  | 'both'
  | 'junk-length'
  | 'double-length';
export const framing = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Framing>('length') },
  {
    weight: 4,
    arbitrary: fc.constantFrom<Framing>(
      'short',
      'long',
      'none',
      'chunked',
      'chunked-broken',
      'chunked-open',
      'both',
      'junk-length',
      'double-length',
    ),
  },
);

export function frame(
  kind: Framing,
  body: string,
): { headers: string[]; payload: string; incomplete: boolean } {
  const n = Buffer.byteLength(body);
  const chunked = `${n.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  switch (kind) {
    case 'length':
      return { headers: [`Content-Length: ${n}`], payload: body, incomplete: false };
    case 'short':
      return {
        headers: [`Content-Length: ${Math.max(0, n - 3)}`],
        payload: body,
        incomplete: false,
      };
    case 'long':
      return { headers: [`Content-Length: ${n + 10}`], payload: body, incomplete: true };
    case 'none':
      return { headers: [], payload: body, incomplete: false };
    case 'chunked':
      return {
        headers: ['Transfer-Encoding: chunked'],
        payload: body ? chunked : '0\r\n\r\n',
        incomplete: false,
      };
    case 'chunked-broken':
      return {
        headers: ['Transfer-Encoding: chunked'],
        payload: `zz\r\n${body}\r\n0\r\n\r\n`,
        incomplete: false,
      };
    case 'chunked-open':
      return {
        headers: ['Transfer-Encoding: chunked'],
        payload: `${n.toString(16)}\r\n${body}\r\n`,
        incomplete: true,
      };
    case 'both':
      return {
        headers: [`Content-Length: ${n}`, 'Transfer-Encoding: chunked'],
        payload: chunked,
        incomplete: false,
      };
    case 'junk-length':
      return { headers: ['Content-Length: -1'], payload: body, incomplete: false };
    case 'double-length':
      return {
        headers: [`Content-Length: ${n}`, `Content-Length: ${n + 1}`],
        payload: body,
        incomplete: false,
      };
  }
}

/**
 * Whether a server reading these header lines waits for body bytes past `sent`, whatever the
 * framing chose: a junk header line can be a Content-Length of its own. With a
 * Transfer-Encoding as well, or two Content-Lengths, Node refuses the request at once; one
 * Content-Length larger than what was sent is waited for.
 */
export function waitsForBody(headerLines: string[], sent: string): boolean {
  const fields = headerLines
    .flatMap((line) => line.split(/\r\n|\r|\n/))
    .map((line) => /^([^:]+):(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ name: m[1]!.toLowerCase(), value: m[2]!.trim() }));
  if (fields.some((f) => f.name === 'transfer-encoding')) return false;
  const lengths = fields.filter((f) => f.name === 'content-length').map((f) => f.value);
  const [length] = lengths;
  if (lengths.length !== 1 || !/^\d+$/.test(length!)) return false;
  return Number(length) > Buffer.byteLength(sent);
}
