// Progress of a sync on one line every few seconds: requests done of those planned, how many
// came from the journal, and the time left at the pace of the requests actually sent.

/** Where a sync is, for a listener (the app's progress bar). */
export interface SyncCounts {
  /** Requests done: sent now or found in the journal. */
  done: number;
  /** Requests known to come so far, done ones included (grows as collect3 answers). */
  planned: number;
  fromJournal: number;
  /** Requests sent to the service so far, metadata and retries included, and their credits. */
  sent: number;
  credits: number;
  /** Milliseconds left at the pace of the requests sent; null until one was sent. */
  etaMs: number | null;
}

export interface SyncProgress {
  done(fromJournal: boolean): void;
  /** More requests now known to come (after collect3, the chunks are counted). */
  plan(requests: number): void;
  finish(): void;
}

const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

export function createProgress(
  log: (line: string) => void,
  everyMs = 2000,
  listener?: (p: SyncCounts) => void,
  spent: () => { sent: number; credits: number } = () => ({ sent: 0, credits: 0 }),
): SyncProgress {
  const started = Date.now();
  let planned = 0;
  let sent = 0;
  let journaled = 0;
  let shownAt = 0;
  const counts = (): SyncCounts => {
    const done = sent + journaled;
    const pace = sent > 0 ? (Date.now() - started) / sent : 0;
    return {
      done,
      planned: Math.max(planned, done),
      fromJournal: journaled,
      ...spent(),
      etaMs: planned > 0 && pace > 0 ? Math.max(0, planned - done) * pace : null,
    };
  };
  const show = () => {
    shownAt = Date.now();
    const p = counts();
    const eta = p.etaMs === null ? '' : `, about ${duration(p.etaMs)} left`;
    log(`sync: ${p.done}/${p.planned} requests (${p.fromJournal} from the journal)${eta}`);
  };
  return {
    done(fromJournal) {
      if (fromJournal) journaled++;
      else sent++;
      listener?.(counts());
      if (Date.now() - shownAt >= everyMs) show();
    },
    plan(requests) {
      planned += requests;
      listener?.(counts());
      show();
    },
    finish: show,
  };
}
