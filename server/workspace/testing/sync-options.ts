// The options of a sync through the published-only proxy, apart from the sync tests' vitest
// helpers, so the browser tests' harness syncs with the same settings.
import type { SyncOptions } from '../run-sync';
import { TOKEN } from '../published-proxy';

/** The demo county's GEOID (Sangamon County, Illinois). */
export const COUNTY = '17167';

export function syncOptions(
  url: string,
  workspaceDir: string,
  log: string[] = [],
  token = TOKEN,
): SyncOptions {
  return {
    access: { url, token, tokenType: 'Bearer', auth: 'bearer' },
    counties: [COUNTY],
    ratePerMinute: 100_000,
    concurrency: 4,
    credits: null,
    workspaceDir,
    log: (line) => log.push(line),
    retryDelayMs: 20,
  };
}
