// Connecting to the database named by DATABASE_URL: a clear message (never the password) when
// it cannot be reached, and the schema applied before anything is loaded.
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** postgres://user@host:port/db without the password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return '(an unparsable DATABASE_URL)';
  }
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing listens there: is PostgreSQL running?',
  ENOTFOUND: 'the host name does not resolve',
  ETIMEDOUT: 'the connection timed out',
  '28P01': 'the password was refused',
  '28000': 'the server refused this user',
  '3D000': 'the database does not exist',
};

/**
 * A client for `url`, not yet connected. node-postgres parses the URL here and says only
 * "Invalid URL" (a port out of range, a bracket, a space in the host): this names DATABASE_URL
 * instead, without repeating the value, which may hold the password.
 */
function clientFor(url: string, timeoutMs: number): pg.Client {
  try {
    return new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  } catch (err) {
    throw new Error(
      'DATABASE_URL cannot be read as a database URL: write it as postgres://user:password@host:5432/db, with a port from 1 to 65535 and any special character of the user name or password percent-encoded',
      { cause: err },
    );
  }
}

/** A client connected to `url`, or an Error saying where it could not connect and why. */
export async function connectClient(url: string, timeoutMs = 10_000): Promise<pg.Client> {
  const client = clientFor(url, timeoutMs);
  try {
    await client.connect();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const why = REASONS[code] ?? (err as Error).message;
    throw new Error(`cannot connect to the database at ${describeUrl(url)}: ${why}`, {
      cause: err,
    });
  }
  return client;
}

const SCHEMA = new URL('./schema.sql', import.meta.url);

/** Creates what is missing of schema.sql (every statement is IF NOT EXISTS). */
export async function applySchema(client: pg.Client): Promise<void> {
  const sql = await readFile(SCHEMA, 'utf8');
  // Two importers starting together must not both create the same table.
  await client.query('SELECT pg_advisory_lock(7261)');
  try {
    await client.query(sql);
  } finally {
    await client.query('SELECT pg_advisory_unlock(7261)');
  }
}
