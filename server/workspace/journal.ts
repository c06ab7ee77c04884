// The sync's journal: one file per answered request, so a sync stopped at any moment (kill -9
// included) resumes without asking again for what it holds. A file is written under a temporary
// name, flushed to disk, then renamed into place: it is either whole or absent, never half.
import {
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
  fsyncSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';

export interface Journal {
  dir: string;
  /** The answer journaled under key, or undefined when it was never completed. */
  get(key: string): unknown;
  /** Whether an answer is journaled under key (without reading it). */
  has(key: string): boolean;
  put(key: string, value: unknown): void;
}

/** Keys name operations, vintages and chunks ("bulk-202506-g1-c0003"): safe as file names. */
function fileOf(dir: string, key: string): string {
  if (!/^[\w.-]+$/.test(key)) throw new Error(`journal key "${key}" is not a plain name`);
  return join(dir, `${key}.json`);
}

/** A file's text, or undefined when there is none (any other failure is thrown). */
export function readTextIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Writes bytes to path atomically: temporary name, fsync, rename over. */
export function writeFileAtomic(path: string, chunks: readonly Uint8Array[] | string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    if (typeof chunks === 'string') writeSync(fd, chunks);
    else for (const chunk of chunks) writeSync(fd, chunk);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** Where the answers of one host are journaled inside a workspace. */
export function journalDir(workspaceDir: string, host: string): string {
  return join(workspaceDir, '.sync', host.replace(/[^\w.-]/g, '_'));
}

export function openJournal(dir: string): Journal {
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    get(key) {
      const text = readTextIfPresent(fileOf(dir, key));
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    },
    has: (key) => existsSync(fileOf(dir, key)),
    put(key, value) {
      writeFileAtomic(fileOf(dir, key), JSON.stringify(value));
    },
  };
}
