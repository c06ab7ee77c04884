// A signed-in planner's areas kept by the app server: the area repository's writes sent as
// requests, one at a time per area and in order (a delete never overtakes a save), with the
// keystrokes of a rename folded into the latest name. The answers come back through `events`:
// saved (with the version replaced, if it was not this browser's), or not and why. The
// selection and set-aside copies stay in this browser.
import { ApiError } from '../../api/api-error';
import { deleteServerArea, putServerArea, type WrittenArea } from '../../api/server-areas';
import type { SavedArea } from '../saved-area';
import type { AreaRepository, SaveProblem } from './area-repository';

export interface ServerAreaEvents {
  saved: (written: WrittenArea) => void;
  failed: (id: string, problem: SaveProblem, message: string) => void;
}

export interface ServerAreaRepository extends AreaRepository {
  /** The version of each of mine this browser last wrote or read. */
  versions: Map<string, number>;
  /** Whether no write is waiting or under way (a refresh then shows nothing stale). */
  idle: () => boolean;
}

const problemOf = (error: unknown): SaveProblem =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? 'refused' : 'offline';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function serverAreaRepository(
  browser: AreaRepository,
  events: ServerAreaEvents,
): ServerAreaRepository {
  const versions = new Map<string, number>();
  const latest = new Map<string, SavedArea>();
  const chains = new Map<string, Promise<void>>();
  /** Runs `step` after every earlier step for the same area. */
  const after = (id: string, step: () => Promise<void>) => {
    const next = (chains.get(id) ?? Promise.resolve()).then(step);
    chains.set(id, next);
    void next.finally(() => chains.get(id) === next && chains.delete(id));
  };
  const send = async (id: string) => {
    const area = latest.get(id);
    if (!area) return;
    latest.delete(id);
    try {
      const written = await putServerArea(area, versions.get(id));
      versions.set(id, written.area.version);
      events.saved(written);
    } catch (error) {
      events.failed(id, problemOf(error), messageOf(error));
    }
  };
  return {
    versions,
    idle: () => chains.size === 0,
    load: () => ({ areas: [], selectedAreaId: null, setAside: [] }),
    save: (area) => {
      // A write already waiting takes this version instead; none waiting, one is queued.
      const waiting = latest.has(area.id);
      latest.set(area.id, area);
      if (!waiting) after(area.id, () => send(area.id));
      return { ok: true };
    },
    remove: (id) => {
      latest.delete(id);
      after(id, async () => {
        try {
          await deleteServerArea(id);
          versions.delete(id);
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404))
            events.failed(id, problemOf(error), messageOf(error));
        }
      });
    },
    saveSelection: browser.saveSelection,
    readSetAside: browser.readSetAside,
    deleteSetAside: browser.deleteSetAside,
    watch: browser.watch,
  };
}
