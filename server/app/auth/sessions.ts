// Signed-in sessions, held in memory: a random id (the cookie) maps to a name and an expiry.
// A restart signs everyone out. Signing in always makes a new id (an id planted before sign-in
// is never promoted), and signing out deletes the id here, so a copied cookie is refused after.
import { randomBytes } from 'node:crypto';

export interface Session {
  name: string;
  expiresAt: number;
}

// Sessions past this many are dropped, expired ones first, then the oldest.
const MAX_SESSIONS = 50_000;

export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  constructor(
    readonly lifetimeMs: number,
    readonly now: () => number = Date.now,
  ) {}

  /** A new session for `name`, ending `replacing` (the id the browser held before) if any. */
  create(name: string, replacing?: string): string {
    if (replacing) this.#sessions.delete(replacing);
    if (this.#sessions.size >= MAX_SESSIONS) this.#prune();
    const id = randomBytes(32).toString('base64url');
    this.#sessions.set(id, { name, expiresAt: this.now() + this.lifetimeMs });
    return id;
  }

  /** The live session of `id`, or null (unknown, signed out, expired). */
  get(id: string | undefined): Session | null {
    if (!id) return null;
    const session = this.#sessions.get(id);
    if (!session) return null;
    if (session.expiresAt <= this.now()) {
      this.#sessions.delete(id);
      return null;
    }
    return session;
  }

  delete(id: string | undefined): void {
    if (id) this.#sessions.delete(id);
  }

  #prune(): void {
    const t = this.now();
    for (const [id, s] of this.#sessions) if (s.expiresAt <= t) this.#sessions.delete(id);
    for (const id of this.#sessions.keys()) {
      if (this.#sessions.size < MAX_SESSIONS) break;
      this.#sessions.delete(id);
    }
  }
}
