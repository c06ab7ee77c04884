// Saved areas as files under the data folder, one per area (`<id>.json`), each written whole
// under a temporary name, flushed, renamed into place, and the folder flushed too: a server
// killed mid-write (kill -9, power loss) leaves every area as it was before that write or after
// it, never half written, and no acknowledged write is lost. Writes go one at a time, so two
// people (or two tabs) saving at once never interleave; the index is held in memory and read
// from the folder once at start.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { readTextIfPresent, writeFileAtomic } from '../../workspace/journal';
import type { AreaContent, AreaStore, OwnedOutcome, PutOutcome, StoredArea } from './area-store';

/** Makes a rename durable: the new directory entry is on disk once this returns. */
function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Reads every area file; leftovers of a write cut short (`*.tmp`) are removed. */
function readFolder(dir: string, log: (line: string) => void): Map<string, StoredArea> {
  const areas = new Map<string, StoredArea>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name.endsWith('.tmp')) {
      unlinkSync(path);
      continue;
    }
    if (!name.endsWith('.json')) continue;
    try {
      const area = JSON.parse(readTextIfPresent(path) ?? 'null') as StoredArea;
      areas.set(area.id, area);
    } catch {
      // Only a hand-edited file can be unreadable (writes are atomic); it is kept, not served.
      log(`saved areas: ${name} is not readable JSON and is left out until it is fixed`);
    }
  }
  return areas;
}

export function openFileAreaStore(dir: string, log: (line: string) => void): AreaStore {
  mkdirSync(dir, { recursive: true });
  const areas = readFolder(dir, log);
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `write` after every write before it, whatever became of them. */
  const serial = <T>(write: () => T): Promise<T> => {
    const next = queue.then(write);
    queue = next.catch(() => undefined);
    return next;
  };
  const fileOf = (id: string) => join(dir, `${id}.json`);
  const store = (area: StoredArea) => {
    writeFileAtomic(fileOf(area.id), JSON.stringify(area));
    fsyncDir(dir);
    areas.set(area.id, area);
  };
  /** The area when `owner` holds it; otherwise what to answer. */
  const owned = (id: string, owner: string): StoredArea | OwnedOutcome => {
    const area = areas.get(id);
    if (!area) return { kind: 'missing' };
    return area.owner === owner ? area : { kind: 'not_yours', owner: area.owner };
  };
  return {
    list: async (person) => [...areas.values()].filter((a) => a.owner === person || a.shared),
    put: (id, owner, content: AreaContent, maxAreas) =>
      serial((): PutOutcome => {
        const previous = areas.get(id) ?? null;
        if (previous && previous.owner !== owner)
          return { kind: 'not_yours', owner: previous.owner };
        if (!previous && [...areas.values()].filter((a) => a.owner === owner).length >= maxAreas)
          return { kind: 'full' };
        const area: StoredArea = {
          ...content,
          id,
          owner,
          shared: previous?.shared ?? false,
          version: (previous?.version ?? 0) + 1,
          updatedAt: Date.now(),
        };
        store(area);
        return { kind: 'written', area, previous };
      }),
    remove: (id, owner) =>
      serial((): OwnedOutcome => {
        const area = owned(id, owner);
        if ('kind' in area) return area;
        rmSync(fileOf(id), { force: true });
        fsyncDir(dir);
        areas.delete(id);
        return { kind: 'done', area };
      }),
    setShared: (id, owner, shared) =>
      serial((): OwnedOutcome => {
        const area = owned(id, owner);
        if ('kind' in area) return area;
        const changed = { ...area, shared, updatedAt: Date.now() };
        store(changed);
        return { kind: 'done', area: changed };
      }),
    close: () => serial(() => undefined),
  };
}
