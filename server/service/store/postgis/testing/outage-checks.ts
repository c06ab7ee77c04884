// What every outage test requires of answers and log lines: the refusal is 503
// store_unavailable with Retry-After and a message naming the rule; nothing shows the password
// or DATABASE_URL; the log holds no stack and no line per refused request.
import { expect } from 'vitest';
import type { Answer } from './database-calls';
import { PASSWORD } from './database-outage';

export function expectStoreUnavailable(answer: Pick<Answer, 'status' | 'retryAfter' | 'body'>) {
  expect(answer.status, answer.body).toBe(503);
  expect(answer.retryAfter).toBe('5');
  const { error } = JSON.parse(answer.body) as { error: { code: string; message: string } };
  expect(error.code).toBe('store_unavailable');
  expect(error.message).toMatch(/^the database is unreachable now \(.+\); try again in 5 s$/);
}

export function expectNoSecret(texts: string[], url: string) {
  for (const text of texts) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(url);
  }
}

/** Lines that are not access lines ("GET /api/... 503 1.2ms req=…"). */
export function notAccessLines(lines: string[]): string[] {
  return lines.filter((l) => !/^(GET|POST|HEAD) \/\S* (\d{3} [\d.]+ms|aborted)/.test(l));
}

/** No stack, no internal error, and at most `most` lines besides access lines. */
export function expectQuietLog(lines: string[], most: number) {
  for (const line of lines) {
    expect(line).not.toMatch(/internal error|\n\s+at |\bat .*:\d+:\d+/);
  }
  const said = notAccessLines(lines);
  expect(said.length, said.join('\n')).toBeLessThanOrEqual(most);
}
