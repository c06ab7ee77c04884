// The users file of password mode: one `name:hash` line per person (password-hash.ts), read on
// each sign-in and when a session is used, so `npm run users -- add|remove` takes effect without
// a restart, and a removed person's sessions stop working. Written whole to a temporary file
// and renamed over the old one (never half-written), readable by its owner only.
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';

/** Names a person signs in with: no separators, nothing a log or a header could misread. */
export const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

export function readUsers(file: string): Map<string, string> {
  const users = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return users;
    throw err;
  }
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon);
    if (USER_NAME.test(name)) users.set(name, line.slice(colon + 1).trim());
  }
  return users;
}

export function writeUsers(file: string, users: ReadonlyMap<string, string>): void {
  const text = [...users].map(([name, hash]) => `${name}:${hash}\n`).join('');
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
}

/** The users file, read again only when it changed on disk (one stat per request). */
export function usersReader(file: string): () => Map<string, string> {
  let seen = '';
  let users = new Map<string, string>();
  return () => {
    let stamp = '';
    try {
      const s = statSync(file);
      stamp = `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch {
      stamp = 'missing';
    }
    if (stamp !== seen) {
      users = readUsers(file);
      seen = stamp;
    }
    return users;
  };
}
