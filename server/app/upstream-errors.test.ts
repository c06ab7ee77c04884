// Upstream errors reach the browser as our own small error bodies, never as their raw text.
import { describe, expect, it } from 'vitest';
import { reemitUpstreamError, safeUpstreamText, sanitizeRetryAfter } from './upstream-errors';

describe('safeUpstreamText', () => {
  it.each([
    'neardistancem must be at most 100',
    'field served_status is not reportable',
    'location_id must be an integer',
    'the area holds 72000 locations; at most 50000 can be summarized at once',
  ])('keeps a one-line parameter rule: %s', (text) => {
    expect(safeUpstreamText(text)).toBe(text);
  });

  it.each([
    ['a stack frame', 'failed at handler (/srv/app/x.js:4:2)'],
    ['a bare frame', 'boom at /srv/app/x.js:4:2'],
    ['a database URL', 'cannot reach postgres://svc:pw@db:5432/fabric'],
    ['user@host', 'login svc@db.internal refused'],
    ['host:port', 'connect to db.internal:5432 failed'],
    ['a file path', 'cannot open /var/lib/fabric/index.bin'],
    ['a Windows path', 'cannot open C:\\fabric\\index.bin'],
    ['a source file', 'thrown in summarize.py'],
    ['an exception', 'NullPointerException in handler'],
    ['an errno code', 'ECONNREFUSED'],
    ['a second line', 'bad request\n    at x'],
    ['a secret word', 'token abc is wrong'],
    ['a long text', 'x'.repeat(201)],
  ])('drops %s', (_name, text) => {
    expect(safeUpstreamText(text)).toBeNull();
  });
});

describe('sanitizeRetryAfter', () => {
  it('keeps whole seconds within 1 s .. 1 h, and reads HTTP dates', () => {
    expect(sanitizeRetryAfter('17')).toBe(17);
    expect(sanitizeRetryAfter('0')).toBe(1);
    expect(sanitizeRetryAfter('99999999')).toBe(3600);
    expect(sanitizeRetryAfter(new Date(90_500).toUTCString(), 0)).toBe(90);
    expect(sanitizeRetryAfter('soon\r\nSet-Cookie: x')).toBe(30);
    expect(sanitizeRetryAfter(null)).toBe(30);
  });
});

describe('reemitUpstreamError', () => {
  it('keeps a safe 4xx message, our code when it matches the status, and documented details only', () => {
    const err = reemitUpstreamError(
      404,
      {
        error: {
          code: 'unknown_vintage',
          message: 'no vintage 209901',
          details: { parameter: 'v', sql: 'x' },
        },
      },
      null,
    );
    expect([err.status, err.body()]).toEqual([
      404,
      {
        error: {
          code: 'unknown_vintage',
          message: 'no vintage 209901',
          details: { parameter: 'v' },
        },
      },
    ]);
  });

  it('maps a code that disagrees with the status to the status', () => {
    const err = reemitUpstreamError(400, { error: { code: 'internal', message: 'bad' } }, null);
    expect([err.status, err.code]).toEqual([400, 'invalid_parameter']);
  });

  it("puts maxcount_exceeded's counts where the contract has them", () => {
    const err = reemitUpstreamError(
      422,
      { locationcount: 72000, maxcount: 50000, error: {} },
      null,
    );
    expect(err.body()).toMatchObject({
      error: { code: 'maxcount_exceeded', details: { locationcount: 72000, maxcount: 50000 } },
      locationcount: 72000,
      maxcount: 50000,
    });
  });

  it('gives 5xx our own message whatever the upstream said', () => {
    const err = reemitUpstreamError(
      500,
      { error: { code: 'internal', message: 'all fine' } },
      null,
    );
    expect([err.status, err.body()]).toEqual([
      502,
      { error: { code: 'upstream_unavailable', message: 'the upstream service failed (500)' } },
    ]);
    expect(reemitUpstreamError(504, null, null).code).toBe('upstream_timeout');
  });

  it('never repeats what the upstream said about the credentials', () => {
    const err = reemitUpstreamError(403, { error: { message: 'key k-123 revoked' } }, null);
    expect([err.status, err.code, err.message]).toEqual([
      401,
      'unauthorized',
      'the upstream service refused the app server\u2019s credentials',
    ]);
  });
});
