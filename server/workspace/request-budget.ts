// Politeness toward the service: at most `concurrency` requests in flight and at most
// `perMinute` sent over any sliding minute, whatever the number of tasks waiting.

export interface RequestBudget {
  /** Resolves when a request may be sent; call the returned function when it is answered. */
  acquire(): Promise<() => void>;
  /** Send nothing before this time (a 429's Retry-After: the limit is the token's, not a call's). */
  pauseUntil(time: number): void;
  /** Refuse every later acquire with this error (a stop: nothing more is sent). */
  stop(err: Error): void;
}

export function createRequestBudget(
  perMinute: number,
  concurrency: number,
  now: () => number = Date.now,
): RequestBudget {
  const sent: number[] = []; // send times within the last minute, oldest first
  let inFlight = 0;
  let stopped: Error | null = null;
  let pausedUntil = 0;
  const waiting: (() => void)[] = [];
  const wake = () => waiting.shift()?.();

  async function acquire(): Promise<() => void> {
    for (;;) {
      if (stopped) throw stopped;
      if (now() < pausedUntil) {
        await new Promise((ok) => setTimeout(ok, pausedUntil - now()));
        continue;
      }
      if (inFlight < concurrency) {
        while (sent.length && now() - sent[0]! >= 60_000) sent.shift();
        if (sent.length < perMinute) break;
        // The budget of this minute is spent: wait until the oldest send leaves the window.
        await new Promise((ok) => setTimeout(ok, 60_000 - (now() - sent[0]!) + 1));
        continue;
      }
      await new Promise<void>((ok) => waiting.push(ok));
    }
    inFlight++;
    sent.push(now());
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight--;
      wake();
    };
  }

  return {
    acquire,
    pauseUntil(time) {
      pausedUntil = Math.max(pausedUntil, time);
    },
    stop(err) {
      stopped ??= err;
      while (waiting.length) wake();
    },
  };
}
