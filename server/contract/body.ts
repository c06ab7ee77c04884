// Request bodies: read with a byte cap (413 before buffering more than the limit), then
// parsed as JSON whatever the Content-Type says (400 when it is not JSON).
import type { Context } from 'hono';
import type { z } from 'zod';
import { ServiceError, type ErrorCode } from './errors';
import { describeIssue } from './zod-errors';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

function tooLarge(limit: number): ServiceError {
  return new ServiceError('payload_too_large', `request body must be at most ${limit} bytes`, {
    limit,
  });
}

/** The raw body bytes, refusing more than `limit` (by Content-Length and while streaming). */
export async function readBodyCapped(
  request: Request,
  limit = MAX_BODY_BYTES,
): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  return readStreamCapped(request.body, limit, () => tooLarge(limit));
}

/**
 * A stream's bytes, cancelling it and throwing `refusal()` as soon as more than `limit`
 * arrive: request bodies here, upstream answers in the app server.
 */
export async function readStreamCapped(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  refusal: () => Error,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw refusal();
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export async function readJsonBody(c: Context): Promise<unknown> {
  const bytes = await readBodyCapped(c.req.raw);
  const text = new TextDecoder().decode(bytes);
  if (!text.trim())
    throw new ServiceError('invalid_parameter', 'request body is required (JSON)', {
      parameter: 'body',
    });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError('invalid_parameter', 'request body is not valid JSON', {
      parameter: 'body',
    });
  }
}

/** Reads, parses and validates a JSON body against the zod schema the OpenAPI document shows. */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  code: ErrorCode = 'invalid_parameter',
): Promise<z.output<S>> {
  const result = schema.safeParse(await readJsonBody(c));
  if (!result.success) {
    const issue = result.error.issues[0];
    const message = issue ? describeIssue(issue, 'body') : 'request body is invalid';
    throw new ServiceError(code, message, { parameter: 'body', path: issue?.path.join('.') ?? '' });
  }
  return result.data;
}
