// What answers /api: the reference service in process, or the real service upstream.
// Either way the app server hands it a request whose path is the service path (no /api).
import type { Hono, MiddlewareHandler } from 'hono';
import type { Capabilities } from '../../shared/capabilities';
import type { ServiceError } from '../contract/errors';
import type { FabricVintage } from '../service/store/fabric';
import { tagRequest } from '../node-http/log-lines';

/**
 * The header on a published operation's answer given here rather than upstream (the workspace's
 * bdcfixed, workspace-backend.ts): it spent no upstream credit, as the person budgets count.
 */
export const ANSWERED_FROM = 'x-answered-from';

export interface Backend {
  /** "embedded", or the upstream host. */
  kind: string;
  /** What the top-bar badge shows. */
  label: string;
  /** Where its data comes from and which of this project's own views it serves (/api/health). */
  capabilities: Capabilities;
  handle(request: Request): Promise<Response>;
  /**
   * A GET answered without a second Request and a second app, when the backend can (the
   * embedded service's locate, the operation clicked most); null leaves it to handle(), which
   * would answer it the same way. `target`: the service path and query, as sent.
   */
  fastGet?(target: string): Promise<Response | null>;
  /**
   * Runs before /api requests reach the backend, where the client's address is still known:
   * the upstream backend's per-client budget (one browser must not spend the shared token).
   */
  guard?: MiddlewareHandler;
  /**
   * The operation a request (service path) would ask of the real service, with its price, or
   * null when it is answered here: what the per-person budgets and the usage log count.
   */
  upstreamOperation?(method: string, url: URL): { name: string; credits: number } | null;
  /**
   * Whether the backend can serve now: null, or the error /api/health answers with (the
   * embedded service's database unreachable: 503 store_unavailable). Upstream has none: its
   * own answers say so.
   */
  health?(): Promise<ServiceError | null>;
  /**
   * Upstream mode: /api/workspace, where the app estimates, starts, watches and cancels a
   * workspace sync. Absent, those routes answer 409 workspace_not_available.
   */
  workspaceRoutes?: Hono;
  /** Stops what the backend started (the embedded service's worker threads). */
  close?(): Promise<void>;
}

export interface BackendVintages {
  fabricVintages: FabricVintage[];
  coverageVintages: string[];
}

/**
 * Asks the backend for both vintage lists (the health answer); [] when it can't say. The
 * requests carry `requestId` (the health request's), so what the backend logs about them does.
 */
export async function backendVintages(
  backend: Backend,
  origin: string,
  requestId?: string,
): Promise<BackendVintages> {
  const get = async <T>(path: string): Promise<T[]> => {
    try {
      const request = new Request(`${origin}${path}`);
      if (requestId) tagRequest(request, requestId);
      const res = await backend.handle(request);
      if (!res.ok) return [];
      const body: unknown = await res.json();
      return Array.isArray(body) ? (body as T[]) : [];
    } catch {
      return [];
    }
  };
  const [fabricVintages, coverageVintages] = await Promise.all([
    get<FabricVintage>('/fabric/vintages'),
    get<string>('/coverage/vintages?type=bdc'),
  ]);
  return { fabricVintages, coverageVintages };
}
