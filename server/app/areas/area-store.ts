// Where the app server keeps signed-in planners' saved areas: one interface, held alike by the
// file store (file-area-store.ts, the default) and the database's (postgis-area-store.ts,
// STORE=postgis), so the routes (area-routes.ts) never know which. Only the owner writes an
// area; each write raises its version, and the write that comes last wins (the routes tell the
// writer which version it replaced).
import type { MultiPolygon, Polygon } from 'geojson';

/** What the browser sends and gets back of an area: its own fields (src/state/saved-area.ts). */
export interface AreaContent {
  name: string;
  geometry: Polygon | MultiPolygon;
  source: string;
  createdAt: number;
  geoid?: string;
}

export interface StoredArea extends AreaContent {
  id: string;
  /** The signed-in name of the person who made it; nobody else may change it. */
  owner: string;
  /** Listed, read-only, for everyone else signed in to this server. */
  shared: boolean;
  /** 1 at creation, one more at each write of its content. */
  version: number;
  /** Milliseconds since 1970, the server's clock at the last write. */
  updatedAt: number;
}

export type PutOutcome =
  | { kind: 'written'; area: StoredArea; previous: StoredArea | null }
  | { kind: 'not_yours'; owner: string }
  | { kind: 'full' };

export type OwnedOutcome =
  { kind: 'done'; area: StoredArea } | { kind: 'missing' } | { kind: 'not_yours'; owner: string };

export interface AreaStore {
  /** The person's own areas and those others share, in no particular order. */
  list(person: string): Promise<StoredArea[]>;
  /**
   * Creates or replaces `id` for `owner`: refused when someone else owns it, or when it would
   * be the owner's area number `maxAreas + 1`. Sharing is kept as it was (false when new).
   */
  put(id: string, owner: string, content: AreaContent, maxAreas: number): Promise<PutOutcome>;
  remove(id: string, owner: string): Promise<OwnedOutcome>;
  /** Turns sharing on or off; the content and its version stay as they are. */
  setShared(id: string, owner: string, shared: boolean): Promise<OwnedOutcome>;
  close(): Promise<void>;
}
