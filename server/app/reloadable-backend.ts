// Upstream mode's backend, switched to a newly synced workspace without a restart: the new
// workspace is opened first, then swapped in at once; requests already in flight finish on the
// one they started on, and that one is closed when the last of them is answered. The upstream
// backend under both is shared and closed only with the server.
import type { Backend } from './backend';

export interface ReloadableBackend extends Backend {
  /** Opens the workspace as it is on disk now and switches every later request to it. */
  reload(): Promise<void>;
}

interface Generation {
  backend: Backend;
  inFlight: number;
  retired: boolean;
}

export async function reloadableBackend(
  upstream: Backend,
  open: (upstream: Backend) => Backend | Promise<Backend>,
): Promise<ReloadableBackend> {
  const shared: Backend = { ...upstream };
  delete shared.close;
  const start = async (): Promise<Generation> => ({
    backend: await open(shared),
    inFlight: 0,
    retired: false,
  });
  let current = await start();
  const closeIfDone = async (g: Generation) => {
    if (g.retired && g.inFlight === 0) await g.backend.close?.();
  };
  return {
    kind: upstream.kind,
    get label() {
      return current.backend.label;
    },
    get capabilities() {
      return current.backend.capabilities;
    },
    ...(upstream.guard ? { guard: upstream.guard } : {}),
    handle: async (request) => {
      const g = current;
      g.inFlight++;
      try {
        return await g.backend.handle(request);
      } finally {
        g.inFlight--;
        await closeIfDone(g);
      }
    },
    upstreamOperation: (method, url) => current.backend.upstreamOperation?.(method, url) ?? null,
    reload: async () => {
      const next = await start();
      const old = current;
      current = next;
      old.retired = true;
      await closeIfDone(old);
    },
    close: async () => {
      current.retired = true;
      await closeIfDone(current);
      await upstream.close?.();
    },
  };
}
