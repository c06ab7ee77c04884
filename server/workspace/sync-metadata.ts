// What a sync and its estimate ask first, on every run (free, and it says which vintages are
// new): listapis for prices and chunk sizes, then the fabric and coverage vintages offered,
// and the vintages to hold picked from them.
import type { z } from 'zod';
import {
  type ApiRow,
  ApiRowsSchema,
  CoverageVintagesSchema,
  FabricVintagesSchema,
} from './published-shapes';
import { BDCFIXED_IDS } from './pull-coverage';
import type { ServiceClient } from './service-client';
import { SyncStopped } from './sync-stopped';

export interface SyncMetadata {
  prices: ApiRow[];
  /** The fabric vintage rows the service offers. */
  offered: z.output<typeof FabricVintagesSchema>;
  fabricPicked: string[];
  coveragePicked: string[];
  /** Uuids a bulk call takes, and location_ids a bdcfixed call takes (listapis' maxrequest). */
  bulkChunk: number;
  fixedChunk: number;
}

/** The vintages asked for, each checked against what the service offers; ascending. */
function pick(kind: string, offered: string[], asked: string[] | undefined): string[] {
  const sorted = [...new Set(offered)].sort();
  if (!asked) return sorted.slice(-2);
  const missing = asked.filter((v) => !sorted.includes(v));
  if (missing.length) {
    throw new SyncStopped(
      `--${kind} ${missing.join(',')}: the service offers ${kind} vintages ${sorted.join(', ')}`,
      2,
    );
  }
  return [...new Set(asked)].sort();
}

export async function syncMetadata(
  client: ServiceClient,
  asked: { fabric?: string[] | undefined; coverage?: string[] | undefined },
): Promise<SyncMetadata> {
  const get = (path: string, label: string) => ({ method: 'GET' as const, path, label });
  const prices = await client.call(get('/accountcontrol/listapis', 'listapis'), ApiRowsSchema);
  client.setPrices(prices);
  const maxrequest = (api: string, operation: string, limit: number) =>
    Math.min(
      limit,
      prices.find((r) => r.api === api && r.operation === operation && r.method === 'POST')
        ?.maxrequest ?? limit,
    );
  const offered = await client.call(
    get('/fabric/vintages', 'fabric vintages'),
    FabricVintagesSchema,
  );
  const coverageOffered = await client.call(
    get('/coverage/vintages?type=bdc', 'coverage vintages'),
    CoverageVintagesSchema,
  );
  return {
    prices,
    offered,
    fabricPicked: pick(
      'fabric',
      offered.map((v) => v.vintage),
      asked.fabric,
    ),
    coveragePicked: pick('coverage', coverageOffered, asked.coverage),
    bulkChunk: maxrequest('fabric', 'bulk', Number.MAX_SAFE_INTEGER),
    fixedChunk: maxrequest('coverage', 'bdcfixed', BDCFIXED_IDS),
  };
}
