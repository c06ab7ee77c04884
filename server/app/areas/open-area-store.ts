// The saved areas' store the environment asks for: the database's table with STORE=postgis (the
// same DATABASE_URL the service reads), otherwise one file per area under APP_AREAS_DIR. Only a
// server with sign-in keeps areas; without it there is nobody to keep them for.
import { parseStoreEnv } from '../../config/store-env';
import type { AuthSettings } from '../auth/auth-env';
import type { AreaStore } from './area-store';
import { openFileAreaStore } from './file-area-store';
import { openPostgisAreaStore } from './postgis-area-store';

export async function areaStoreFromEnv(
  env: NodeJS.ProcessEnv,
  auth: AuthSettings,
  log: (line: string) => void,
): Promise<AreaStore | undefined> {
  if (auth.mode === 'none') return undefined;
  const store = parseStoreEnv(env);
  if (store.kind === 'postgis') return openPostgisAreaStore(store.url);
  return openFileAreaStore(auth.areasDir, log);
}
