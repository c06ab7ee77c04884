// Progress of a sync on one line every few seconds: requests done of those planned, how many
// came from the journal, and the time left at the pace of the requests actually sent.

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

export function createProgress(log: (line: string) => void, everyMs = 2000): SyncProgress {
  const started = Date.now();
  let planned = 0;
  let sent = 0;
  let journaled = 0;
  let shownAt = 0;
  const show = () => {
    shownAt = Date.now();
    const done = sent + journaled;
    const left = Math.max(0, planned - done);
    const pace = sent > 0 ? (Date.now() - started) / sent : 0;
    const eta = planned > 0 && pace > 0 ? `, about ${duration(left * pace)} left` : '';
    log(`sync: ${done}/${Math.max(planned, done)} requests (${journaled} from the journal)${eta}`);
  };
  return {
    done(fromJournal) {
      if (fromJournal) journaled++;
      else sent++;
      if (Date.now() - shownAt >= everyMs) show();
    },
    plan(requests) {
      planned += requests;
      show();
    },
    finish: show,
  };
}
