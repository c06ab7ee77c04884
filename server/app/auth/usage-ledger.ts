// Who spent what, per person and UTC day: upstream requests and the credits they cost (the
// service's price list, operations.ts). Kept in memory for the budgets and GET /api/usage, and
// appended as one JSON line per upstream request to the usage log under the data folder, which
// is read back at start so a restart neither forgets the day's spending nor resets a budget.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Spending {
  requests: number;
  credits: number;
}

export interface UsageLine {
  at: string;
  day: string;
  name: string;
  operation: string;
  credits: number;
}

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class UsageLedger {
  /** day → person → spending: a few numbers per person a day, kept while the server runs. */
  readonly #days = new Map<string, Map<string, Spending>>();
  /** Credits reserved by requests still in flight, per person ("" for the whole server). */
  readonly #pending = new Map<string, number>();

  constructor(
    readonly file: string,
    readonly log: (line: string) => void,
    readonly now: () => number = Date.now,
  ) {
    if (!existsSync(file)) return;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      try {
        const u = JSON.parse(line) as Partial<UsageLine>;
        if (
          typeof u.day === 'string' &&
          typeof u.name === 'string' &&
          typeof u.credits === 'number'
        )
          this.#add(u.day, u.name, u.credits);
      } catch {
        // A line cut short by a crash is skipped; the rest still count.
      }
    }
  }

  /** What `name` (or, with "", everyone) has spent today, reservations included. */
  spentToday(name: string): number {
    const day = this.#days.get(dayOf(this.now()));
    let credits = 0;
    if (name === '') for (const s of day?.values() ?? []) credits += s.credits;
    else credits = day?.get(name)?.credits ?? 0;
    return credits + (this.#pending.get(name) ?? 0);
  }

  reserve(name: string, credits: number): void {
    for (const key of [name, '']) this.#pending.set(key, (this.#pending.get(key) ?? 0) + credits);
  }

  /** Ends a reservation; `spent` says whether the request reached the service and what it cost. */
  settle(name: string, reserved: number, spent: { operation: string; credits: number } | null) {
    for (const key of [name, '']) this.#pending.set(key, (this.#pending.get(key) ?? 0) - reserved);
    if (!spent) return;
    const at = new Date(this.now());
    const line: UsageLine = { at: at.toISOString(), day: dayOf(at.getTime()), name, ...spent };
    this.#add(line.day, name, spent.credits);
    // Written at once, in order: a line a few dozen bytes long after a network round trip,
    // and a restart right after still finds it.
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      appendFileSync(this.file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    } catch (err) {
      this.log(`usage log ${this.file} not written: ${String(err)}`);
    }
  }

  /** Every day kept, newest first, each person's spending and the day's total. */
  report() {
    return [...this.#days]
      .toSorted(([a], [b]) => b.localeCompare(a))
      .map(([day, people]) => {
        const list = [...people].map(([name, s]) => ({ name, ...s }));
        const total = list.reduce(
          (t, p) => ({ requests: t.requests + p.requests, credits: t.credits + p.credits }),
          { requests: 0, credits: 0 },
        );
        return { day, people: list.toSorted((a, b) => a.name.localeCompare(b.name)), total };
      });
  }

  #add(day: string, name: string, credits: number): void {
    let people = this.#days.get(day);
    if (!people) {
      people = new Map();
      this.#days.set(day, people);
    }
    const s = people.get(name) ?? { requests: 0, credits: 0 };
    people.set(name, { requests: s.requests + 1, credits: s.credits + credits });
  }
}

/** Whole seconds until the next UTC midnight, when a day's credits free. */
export function secondsToNextDay(now: number): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((next.getTime() - now) / 1000));
}
