// POSTs with the test token for tests that compare answers byte for byte: status, content type,
// content length and body text, the body sent with a Content-Length or chunked without one.
import { request } from 'node:http';
import { TOKEN } from './harness';

export interface Answer {
  status: number;
  type: string | null;
  length: string | null;
  text: string;
}

/**
 * Sent chunked (no Content-Length), over node:http: a server that refuses the body past the cap
 * answers before it has all of it, and fetch reports the cut upload as a failed request. Now
 * and then the server's side closes before its 413 is out (in process as in a worker: the cut
 * stream takes the socket with it); that try is made again, up to three times.
 */
async function sendChunked(base: string, path: string, body: string): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendChunkedOnce(base, path, body);
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

function sendChunkedOnce(base: string, path: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers['content-type'] ?? null,
          length: res.headers['content-length'] ?? null,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    for (let at = 0; at < body.length; at += 65536) req.write(body.slice(at, at + 65536));
    req.end();
  });
}

export async function send(
  base: string,
  path: string,
  body: string | undefined,
  chunked = false,
): Promise<Answer> {
  if (chunked && body !== undefined) return sendChunked(base, path, body);
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    text,
  };
}
