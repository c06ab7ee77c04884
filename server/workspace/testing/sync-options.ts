// The options of a sync through the published-only proxy, apart from the sync tests' vitest
// helpers, so the browser tests' harness syncs with the same settings.
import type { SyncOptions } from '../run-sync';
import { TOKEN, type PublishedProxy } from '../published-proxy';
import { operationOf } from '../service-client';

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

/** The proxy's requests per "api/operation" (as the estimate names them) from index `from`. */
export function seenByOperation(proxy: PublishedProxy, from: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of proxy.seen.slice(from)) {
    const { api, operation } = operationOf(r.method, r.path);
    const name = `${api}/${operation.split(' ')[1]}`;
    out[name] = (out[name] ?? 0) + 1;
  }
  return out;
}
