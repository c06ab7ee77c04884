// The sync's defaults, shared by `npm run sync` and the app's "Add to workspace".
import { DEFAULT_APP_RATE_LIMIT } from '../app/upstream-env';

/** Where the workspace lives unless WORKSPACE_DIR or --workspace says otherwise. */
export const DEFAULT_WORKSPACE_DIR = '.data/workspace';

/** Half the app server's own upstream budget per client, so a sync leaves room for the map. */
export const DEFAULT_SYNC_RATE = DEFAULT_APP_RATE_LIMIT / 2;
/** Requests in flight at once. */
export const SYNC_CONCURRENCY = 4;
