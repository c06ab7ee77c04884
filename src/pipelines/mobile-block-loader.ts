// Turns many per-block loads (one TanStack query per fixed block of cells) into few requests:
// blocks asked for in the same moment share bulk POSTs of at most 1000 cells. When the backend
// refuses the bulk form, it falls back to one GET per cell with a bounded number in flight.
import { packBlocks } from '../lib/geo/h3-blocks';

export interface MobileTransport<R> {
  bulk(vintage: string, cells: string[], signal: AbortSignal): Promise<R[]>;
  single(vintage: string, cell: string, signal: AbortSignal): Promise<R[]>;
  /** True when an error means "this backend has no bulk form" (not a bad vintage or a 5xx). */
  refusesBulk(error: unknown): boolean;
}

export interface BlockLoaderOptions {
  cellLimit?: number;
  maxSinglesInFlight?: number;
  /** How long to gather loads before sending; queries of one render start within a tick. */
  gatherMs?: number;
}

interface Pending<R> {
  vintage: string;
  cells: readonly string[];
  signal: AbortSignal;
  resolve: (records: R[]) => void;
  reject: (reason: unknown) => void;
}

export interface BlockLoader<R> {
  load(vintage: string, cells: readonly string[], signal: AbortSignal): Promise<R[]>;
  /** Whether bulk was refused and singles are in use (shown nowhere; tests read it). */
  readonly bulkRefused: boolean;
}

export function createBlockLoader<R extends { h3_res9_id: string }>(
  transport: MobileTransport<R>,
  options: BlockLoaderOptions = {},
): BlockLoader<R> {
  const cellLimit = options.cellLimit ?? 1000;
  const limit = createLimiter(options.maxSinglesInFlight ?? 6);
  let queue: Pending<R>[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let bulkRefused = false;

  function loadSingles(entry: Pending<R>): void {
    Promise.all(
      entry.cells.map((cell) =>
        limit(entry.signal, () => transport.single(entry.vintage, cell, entry.signal)),
      ),
    ).then((parts) => entry.resolve(parts.flat()), entry.reject);
  }

  function sendPack(vintage: string, pack: Pending<R>[]): void {
    // The request is cancelled only when every block waiting on it was cancelled.
    const controller = new AbortController();
    let live = pack.length;
    for (const entry of pack) {
      const onAbort = () => {
        entry.reject(entry.signal.reason);
        if (--live === 0) controller.abort();
      };
      if (entry.signal.aborted) onAbort();
      else entry.signal.addEventListener('abort', onAbort, { once: true });
    }
    if (live === 0) return;
    const cells = pack.flatMap((entry) => entry.cells);
    transport.bulk(vintage, cells, controller.signal).then(
      (records) => {
        const byCell = new Map<string, R[]>();
        for (const record of records) {
          const list = byCell.get(record.h3_res9_id);
          if (list) list.push(record);
          else byCell.set(record.h3_res9_id, [record]);
        }
        for (const entry of pack)
          entry.resolve(entry.cells.flatMap((cell) => byCell.get(cell) ?? []));
      },
      (error: unknown) => {
        if (transport.refusesBulk(error)) {
          bulkRefused = true;
          for (const entry of pack) if (!entry.signal.aborted) loadSingles(entry);
        } else {
          for (const entry of pack) entry.reject(error);
        }
      },
    );
  }

  function flush(): void {
    timer = null;
    const batch = queue.filter((entry) => !entry.signal.aborted);
    queue = [];
    const byVintage = new Map<string, Pending<R>[]>();
    for (const entry of batch) {
      if (bulkRefused) {
        loadSingles(entry);
        continue;
      }
      const list = byVintage.get(entry.vintage) ?? [];
      list.push(entry);
      byVintage.set(entry.vintage, list);
    }
    for (const [vintage, entries] of byVintage) {
      for (const pack of packBlocks(entries, cellLimit)) sendPack(vintage, pack);
    }
  }

  return {
    get bulkRefused() {
      return bulkRefused;
    },
    load(vintage, cells, signal) {
      return new Promise<R[]>((resolve, reject) => {
        // A cancelled load settles at once; a batch that already left ignores it (see sendPack).
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        queue.push({ vintage, cells, signal, resolve, reject });
        timer ??= setTimeout(flush, options.gatherMs ?? 0);
      });
    },
  };
}

/** At most `max` tasks run at once; a task whose signal aborted while queued never starts. */
function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return <T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        if (signal.aborted) {
          reject(signal.reason);
          release();
          return;
        }
        task().then(resolve, reject).finally(release);
      };
      running++;
      if (running <= max) start();
      else waiting.push(start);
    });
}
