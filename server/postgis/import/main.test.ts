// `npm run import` as a user runs it: a missing DATABASE_URL or an unreachable database stops it
// with a message that says what to do, before any file is read.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

function runImportCli(args: string[], env: Record<string, string | undefined>) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/postgis/import/main.ts', ...args],
    {
      encoding: 'utf8',
      env: { ...base, ...env },
    },
  );
}

describe('npm run import', () => {
  it('asks for DATABASE_URL when none is set', () => {
    const run = runImportCli(['--vintage', '202406', '--fixed', 'some.csv'], {});
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'import: set DATABASE_URL (postgres://user@host:port/db) or pass --database-url',
    );
  });

  it('refuses a vintage that is no fabric release', () => {
    const run = runImportCli(['--vintage', '202403', '--fixed', 'some.csv'], {
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--vintage YYYYMM (a June or December release, e.g. 202406)');
  });

  it('names an unreachable database and exits 1', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => server.close(resolve));
    const run = runImportCli(['--vintage', '202406', '--fixed', 'some.csv'], {
      DATABASE_URL: `postgres://planner:pw@127.0.0.1:${port}/fabric`,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `import: cannot connect to the database at postgres://planner@127.0.0.1:${port}/fabric: nothing listens there: is PostgreSQL running?`,
    );
  });
});
