// An unreachable database is named, with the reason, and never with its password.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectClient } from './connection';

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('connectClient', () => {
  it('says where it could not connect and why, without the password', async () => {
    const port = await closedPort();
    const attempt = connectClient(`postgres://planner:s3cret@127.0.0.1:${port}/fabric`);
    await expect(attempt).rejects.toThrow(
      `cannot connect to the database at postgres://planner@127.0.0.1:${port}/fabric: nothing listens there: is PostgreSQL running?`,
    );
    await expect(attempt).rejects.not.toThrow(/s3cret/);
  });

  it.each([
    'postgres://planner:s3cret@db.example:99999/fabric',
    'postgres://planner:s3cret@[db.example/fabric',
    'postgres://planner:s3cret@db.example:port/fabric',
  ])('names DATABASE_URL when it cannot be read, without repeating it: %s', async (url) => {
    const attempt = connectClient(url);
    await expect(attempt).rejects.toThrow(/^DATABASE_URL cannot be read as a database URL: /);
    await expect(attempt).rejects.not.toThrow(/s3cret|db\.example/);
  });
});
