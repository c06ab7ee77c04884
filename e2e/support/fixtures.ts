// `test` and `expect` for every spec: a test fails when the page logs a console error, throws,
// or a request fails (network error or HTTP >= 400), unless the test said it provokes that
// failure on purpose with `pageGuard.allowFailures(...)`. The `request` fixture opens a
// connection for each call.
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

export interface PageGuard {
  /** Requests whose URL matches may fail (and log their console line) in this test. */
  allowFailures(pattern: RegExp | string): void;
  /** Problems seen so far, for a test that wants to assert on them itself. */
  problems(): readonly string[];
}

// Requests cancelled by the page itself: MapLibre aborts tiles that scroll out of view.
const ABORTED = /net::ERR_ABORTED|NS_BINDING_ABORTED/;

function matches(url: string, patterns: (RegExp | string)[]): boolean {
  return patterns.some((p) => (typeof p === 'string' ? url.includes(p) : p.test(url)));
}

/** Collects a page's problems (a second page of a test watches its own with this). */
export function watchPage(page: Page, allowed: (RegExp | string)[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" lines name the resource's URL as their location.
    if (matches(message.location().url, allowed)) return;
    const where = message.location().url;
    problems.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'unknown';
    if (ABORTED.test(failure) || matches(request.url(), allowed)) return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
  });
  page.on('response', (response) => {
    if (response.status() < 400 || matches(response.url(), allowed)) return;
    problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

async function report(problems: string[], testInfo: TestInfo) {
  if (problems.length === 0) return;
  await testInfo.attach('page-problems.txt', {
    body: problems.join('\n'),
    contentType: 'text/plain',
  });
}

export const test = base.extend<{ pageGuard: PageGuard }>({
  // The tests' own calls to the service each on a connection of their own: one kept alive and
  // idle past the app server's KEEPALIVE_TIMEOUT_S may be closed by the server just as a request
  // goes out on it (read ECONNRESET, seen once in CI).
  request: async ({ playwright, baseURL }, provide) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Connection: 'close' },
    });
    await provide(request);
    await request.dispose();
  },
  pageGuard: [
    async ({ page }, use, testInfo) => {
      const allowed: (RegExp | string)[] = [];
      const problems = watchPage(page, allowed);
      await use({
        allowFailures: (pattern) => void allowed.push(pattern),
        problems: () => problems,
      });
      await report(problems, testInfo);
      expect(problems, 'the page logged errors or had failed requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
