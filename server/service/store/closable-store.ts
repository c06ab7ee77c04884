// The one guard both stores put around their methods: every call after close() rejects with
// "store is closed" (store.ts), whatever the store holds. A store may also turn a method's
// failure into another error (the PostGIS store names a database it cannot reach).
import type { Store } from './store';

type Method = (...args: never[]) => unknown;

export interface ClosableStoreParts {
  kind: string;
  /** The store's methods, answering a value or a promise of one. */
  methods: Record<string, Method>;
  /** What close() releases, once. */
  release: () => void | Promise<void>;
  /** A method's failure, as the store rethrows it (by default, as it is). */
  failure?: (err: unknown) => never;
}

export function closableStore({ kind, methods, release, failure }: ClosableStoreParts): Store {
  let closed = false;
  const store = { kind } as Store & Record<string, unknown>;
  for (const [name, fn] of Object.entries(methods) as [string, (...a: unknown[]) => unknown][]) {
    store[name] = async (...args: unknown[]) => {
      if (closed) throw new Error('store is closed');
      try {
        return await fn(...args);
      } catch (err) {
        if (failure) failure(err);
        throw err;
      }
    };
  }
  store.close = async () => {
    if (closed) return;
    closed = true;
    await release();
  };
  return store;
}
