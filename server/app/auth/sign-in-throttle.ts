// Failed sign-ins, counted per name and per address over a quarter hour: past the allowance
// either one, further tries wait until the oldest failure is a quarter hour old. Guessing one
// person's password from many addresses, or many names from one address, is slowed alike; a
// success clears the name's count.
const WINDOW_MS = 15 * 60_000;
// Keys kept at most; past it the ones with the oldest failures go first.
const MAX_KEYS = 20_000;

export class SignInThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly allowed = 5,
    readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `name` from `address` may try again; 0 when it may now. */
  wait(name: string, address: string): number {
    return Math.max(this.#wait(`name:${name.toLowerCase()}`), this.#wait(`addr:${address}`));
  }

  failed(name: string, address: string): void {
    for (const key of [`name:${name.toLowerCase()}`, `addr:${address}`]) {
      const list = this.#recent(key);
      list.push(this.now());
      this.#failures.delete(key);
      this.#failures.set(key, list);
    }
    while (this.#failures.size > MAX_KEYS) {
      const oldest = this.#failures.keys().next().value;
      if (oldest === undefined) break;
      this.#failures.delete(oldest);
    }
  }

  succeeded(name: string): void {
    this.#failures.delete(`name:${name.toLowerCase()}`);
  }

  #recent(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    return (this.#failures.get(key) ?? []).filter((t) => t > since);
  }

  #wait(key: string): number {
    const list = this.#recent(key);
    if (list.length < this.allowed) return 0;
    const freesAt = list[list.length - this.allowed]! + WINDOW_MS;
    return Math.max(1, Math.ceil((freesAt - this.now()) / 1000));
  }
}
