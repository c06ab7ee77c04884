// The default backend: the reference service over the demo store, in process, without tokens
// (the browser never holds one and nothing leaves the machine).
import { createServiceApp } from '../service/app';
import type { Dialect } from '../service/http/dialect';
import type { Store } from '../service/store/store';
import type { Backend } from './backend';

export function createEmbeddedBackend(
  store: Store,
  logError?: (msg: string) => void,
  dialect?: Dialect,
): Backend {
  const service = createServiceApp({
    store,
    tokens: null,
    ...(logError ? { logError } : {}),
    ...(dialect ? { dialect } : {}),
  });
  return {
    kind: 'embedded',
    label: 'Demo data (synthetic)',
    handle: async (request) => service.fetch(request),
  };
}
