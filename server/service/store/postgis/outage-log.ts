// How a database outage reaches the log: one line when it starts, one per interval while it
// lasts (with how many calls were refused meanwhile), one when the database answers again. At
// 25 requests a second a line per refused call (with its stack) buried everything else.

export interface OutageLog {
  /** A call failed because the database cannot be reached. */
  refused(reason: string): void;
  /** An idle pooled connection broke: worth a line, but no outage until a call fails. */
  connectionLost(reason: string): void;
  /** The database answered a query. */
  answered(): void;
}

export const OUTAGE_LOG_INTERVAL_MS = 10_000;

export function createOutageLog(
  log: (line: string) => void,
  intervalMs = OUTAGE_LOG_INTERVAL_MS,
  now: () => number = Date.now,
): OutageLog {
  let since: number | null = null;
  let lastLine = -Infinity;
  let refusedSinceLine = 0;
  let refusedInOutage = 0;
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return {
    refused(reason) {
      refusedSinceLine++;
      refusedInOutage++;
      const t = now();
      if (since === null) {
        since = t;
        lastLine = t;
        refusedSinceLine = 0;
        log(
          `database unavailable (${reason}): answering 503 store_unavailable until it answers again`,
        );
      } else if (t - lastLine >= intervalMs) {
        log(
          `database still unavailable after ${seconds(t - since)} s (${reason}): ${refusedSinceLine} calls refused in the last ${seconds(t - lastLine)} s`,
        );
        lastLine = t;
        refusedSinceLine = 0;
      }
    },
    connectionLost(reason) {
      const t = now();
      if (since !== null || t - lastLine < intervalMs) return;
      lastLine = t;
      log(`database connection lost (${reason}); the pool opens another when asked`);
    },
    answered() {
      if (since === null) return;
      log(
        `database answering again after ${seconds(now() - since)} s (${refusedInOutage} calls refused)`,
      );
      since = null;
      refusedInOutage = 0;
      refusedSinceLine = 0;
      lastLine = -Infinity;
    },
  };
}
