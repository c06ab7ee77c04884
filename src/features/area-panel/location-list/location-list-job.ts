// One area's location-list run, kept outside React so a list under way survives the panel's
// tabs: it streams rows into a sink (a picked file or a download), tallies the change classes
// and keeps the changed rows when comparing, reports progress, and can be cancelled (every
// request aborted, nothing kept) or, after a failure, resumed where it stopped.
import { CHANGE_CLASSES, type ChangeClass } from '../../../../shared/fixed-change';
import {
  LocationListRun,
  type ListProgress,
  type ListSpec,
} from '../../../pipelines/location-list-run';
import { isAbortError } from '../../../api/api-error';
import type { CsvSink } from './csv-sink';
import { HexTally } from './hex-tally';
import {
  csvLine,
  listColumns,
  listRow,
  type ListContext,
  type ListRow,
} from './location-list-rows';

export type ListJobState =
  | { status: 'idle' }
  | { status: 'running'; progress: ListProgress; saving: boolean }
  | { status: 'done'; count: number; elapsedMs: number; saved: boolean }
  | { status: 'error'; error: unknown; progress: ListProgress | null; saving: boolean }
  | { status: 'cancelled' }
  /** A list under way was stopped because the releases, filters or area it was for changed. */
  | { status: 'replaced' };

export interface ChangeTally {
  counts: ReadonlyMap<ChangeClass, number>;
  /** Every changed location's row, in list order. */
  rows: readonly ListRow[];
}

export interface ListJobSnapshot {
  state: ListJobState;
  /** Comparing, once a run has gone through every location. */
  changes: ChangeTally | null;
  /** Once a run has gone through every location: its counts by H3 cell. */
  hexes: HexTally | null;
}

export class ListJob {
  #snapshot: ListJobSnapshot;
  readonly #listeners = new Set<() => void>();
  #controller: AbortController | null = null;
  #run: LocationListRun | null = null;
  #sink: CsvSink | null = null;
  #progress: ListProgress | null = null;
  #started = 0;
  #count = 0;
  #counts = new Map<ChangeClass, number>();
  #changed: ListRow[] = [];
  #hexes: HexTally | null = null;
  #then: ((done: ListJobSnapshot) => void) | null = null;

  constructor(
    /** Area, releases and filters: a job answers for exactly these. */
    readonly key: string,
    readonly spec: ListSpec,
    readonly context: ListContext,
    initial: ListJobState = { status: 'idle' },
  ) {
    this.#snapshot = { state: initial, changes: null, hexes: null };
  }

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = () => this.#snapshot;

  get columns(): string[] {
    return listColumns(this.context);
  }

  /**
   * A new run: rows into `sink` after `header` (the file's stamp block; none: only the tallies);
   * `then` once it has gone through.
   */
  start(sink: CsvSink | null, then?: (done: ListJobSnapshot) => void, header = ''): void {
    this.cancel();
    this.#sink = sink;
    this.#then = then ?? null;
    this.#hexes = new HexTally(this.context.b !== null);
    this.#count = 0;
    this.#counts = new Map(CHANGE_CLASSES.map((c) => [c.value, 0]));
    this.#changed = [];
    this.#started = performance.now();
    this.#run = new LocationListRun(this.spec, {
      onProgress: (progress) => {
        this.#progress = progress;
        this.#set({ status: 'running', progress, saving: this.#sink !== null });
      },
      onLocations: (locations) => this.#write(locations),
    });
    void this.#go(async () => {
      await sink?.write(header + csvLine(this.columns));
    });
  }

  /** After a failure: goes on from the first chunk not yet written. */
  retry(): void {
    if (this.#snapshot.state.status !== 'error' || !this.#run) return;
    void this.#go(async () => {});
  }

  /** Stops every request; a picked file is discarded, a download not offered. */
  cancel(): void {
    const status = this.#snapshot.state.status;
    if (status !== 'running' && status !== 'error') return;
    this.#controller?.abort();
    this.#controller = null;
    void this.#sink?.abort();
    this.#sink = null;
    this.#then = null;
    this.#run = null;
    this.#set({ status: 'cancelled' });
  }

  async #go(before: () => Promise<void>) {
    const controller = new AbortController();
    this.#controller = controller;
    this.#set({
      status: 'running',
      progress: this.#progress ?? { phase: 'finding', done: 0, total: 0, waiting: 0 },
      saving: this.#sink !== null,
    });
    try {
      await before();
      await this.#run!.run(controller.signal);
      await this.#sink?.finish();
      const saved = this.#sink !== null;
      this.#sink = null;
      this.#run = null;
      this.#snapshot = {
        state: {
          status: 'done',
          count: this.#count,
          elapsedMs: performance.now() - this.#started,
          saved,
        },
        changes: this.context.b ? { counts: this.#counts, rows: this.#changed } : null,
        hexes: this.#hexes,
      };
      this.#emit();
      const then = this.#then;
      this.#then = null;
      then?.(this.#snapshot);
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      this.#set({
        status: 'error',
        error,
        progress: this.#progress,
        saving: this.#sink !== null,
      });
    }
  }

  async #write(locations: Parameters<NonNullable<LocationListRun['handlers']['onLocations']>>[0]) {
    let text = '';
    for (const location of locations) {
      const row = listRow(location, this.context);
      if (row.change) {
        this.#counts.set(row.change, (this.#counts.get(row.change) ?? 0) + 1);
        if (row.change !== 'unchanged') this.#changed.push(row);
      }
      this.#hexes?.add(row);
      if (this.#sink) text += csvLine(row.cells);
    }
    this.#count += locations.length;
    if (this.#sink && text) await this.#sink.write(text);
  }

  #set(state: ListJobState) {
    this.#snapshot = { ...this.#snapshot, state };
    this.#emit();
  }

  #emit() {
    for (const listener of this.#listeners) listener();
  }
}

/** The changed locations as CSV (the stamp block, the list's columns, changed rows only). */
export function changedCsv(job: ListJob, rows: readonly ListRow[], header: string): string {
  return header + csvLine(job.columns) + rows.map((r) => csvLine(r.cells)).join('');
}

/** One job per area: a new key (other releases or filters) replaces the area's job. */
const jobs = new Map<string, ListJob>();

export function jobFor(
  areaId: string,
  key: string,
  make: (initial: ListJobState) => ListJob,
): ListJob {
  const current = jobs.get(areaId);
  if (current?.key === key) return current;
  // A list under way is not dropped silently: the new job starts by saying it was stopped.
  const status = current?.getSnapshot().state.status;
  current?.cancel();
  const job = make(
    status === 'running' || status === 'error' ? { status: 'replaced' } : { status: 'idle' },
  );
  jobs.set(areaId, job);
  return job;
}
