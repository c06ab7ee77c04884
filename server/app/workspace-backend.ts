// Upstream with a workspace (npm run sync): the project's own operations, which the real
// service does not publish, are answered by the reference service in process over the synced
// counties (one fabric spanning them all, so an area across two is answered whole); every published operation still goes upstream, match and locate included (the
// workspace has no parcels or footprints, so its locate could only say Nearest). The workspace
// is the folder's, loaded into memory, or the one published into PostGIS (STORE=postgis), held.
import {
  ALL_VIEWS,
  dataSourceLabel,
  dataSourceStamp,
  type DataSource,
} from '../../shared/capabilities';
import { findOperation } from '../contract/operations';
import { createMemoryStore } from '../service/store/memory/memory-store';
import type { HeldWorkspace } from '../workspace/published-workspace';
import { readManifest, readWorkspaceFabric } from '../workspace/workspace-files';
import type { Backend } from './backend';
import { createEmbeddedBackend } from './embedded-backend';
import type { LineLogger } from '../node-http/log-lines';

/** This project's operations (docs/REAL-API.md, "What follows for this project"). */
const OWN = new Set([
  'fixedTile',
  'fixedHexTile',
  'fixedChangeTile',
  'fixedChangeHexTile',
  'places',
  'report',
  'providers',
  'count',
]);

function ownOperation(method: string, url: URL): boolean {
  const op = findOperation(method, url.pathname);
  if (!op) return false;
  if (op.name === 'summarize')
    return ['coverage', 'audience', 'provider'].some((p) => url.searchParams.has(p));
  return OWN.has(op.name);
}

/**
 * The upstream backend alone when there is no workspace synced from its host: in dir, or, when
 * `held` is given (PostGIS, null when the database has none for this host), that one.
 */
export function withWorkspace(
  upstream: Backend,
  dir: string,
  log: LineLogger,
  held?: HeldWorkspace | null,
): Backend {
  if (held === null) return upstream;
  const manifest = held ? held.manifest : readManifest(dir);
  if (!manifest || manifest.sourceHost !== upstream.kind) return upstream;
  const store = held ? held.store : createMemoryStore(readWorkspaceFabric(dir, manifest));
  const data: DataSource = {
    kind: 'workspace',
    host: manifest.sourceHost,
    areas: manifest.areas.map(({ geoid, name }) => ({ geoid, name })),
    ...(manifest.states.length ? { states: manifest.states } : {}),
    syncedAt: manifest.syncedAt,
  };
  // No parcels, footprints or roads are published with geometry: no fabric tiles.
  const views = { ...ALL_VIEWS, fabricTiles: false };
  const local = createEmbeddedBackend(store, { logError: log, data, views });
  log(
    `workspace: ${dataSourceStamp(data)}; counties ${manifest.areas.map((a) => a.geoid).join(', ')} synced ${manifest.syncedAt} from ${manifest.sourceHost}`,
  );
  return {
    ...upstream,
    label: dataSourceLabel(data),
    capabilities: { data, views },
    handle: (request) =>
      ownOperation(request.method, new URL(request.url))
        ? local.handle(request)
        : upstream.handle(request),
    upstreamOperation: (method, url) =>
      ownOperation(method, url) ? null : (upstream.upstreamOperation?.(method, url) ?? null),
    close: async () => {
      await upstream.close?.();
      await store.close();
    },
  };
}
