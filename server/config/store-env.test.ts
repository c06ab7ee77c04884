import { describe, expect, it } from 'vitest';
import { parseStoreEnv } from './store-env';

describe('store settings', () => {
  it('answers from memory unless STORE=postgis', () => {
    expect(parseStoreEnv({})).toEqual({ kind: 'memory' });
    expect(parseStoreEnv({ STORE: ' ', DATABASE_URL: 'postgres://h/db' })).toEqual({
      kind: 'memory',
    });
  });

  it('reads the database, pool size and statement timeout, empty meaning the default', () => {
    expect(parseStoreEnv({ STORE: 'PostGIS', DATABASE_URL: 'postgres://u@h:5432/db' })).toEqual({
      kind: 'postgis',
      url: 'postgres://u@h:5432/db',
      poolSize: 10,
      statementTimeoutMs: 30_000,
      connectTimeoutMs: 5_000,
    });
    expect(
      parseStoreEnv({
        STORE: 'postgis',
        DATABASE_URL: 'postgresql://h/db',
        DATABASE_POOL_SIZE: '25',
        DATABASE_STATEMENT_TIMEOUT_S: '2.5',
        DATABASE_CONNECT_TIMEOUT_S: '0.5',
      }),
    ).toMatchObject({ poolSize: 25, statementTimeoutMs: 2500, connectTimeoutMs: 500 });
  });

  it.each([
    [{ STORE: 'sqlite' }, 'STORE must be "memory" or "postgis"'],
    [{ STORE: 'postgis' }, 'STORE=postgis needs DATABASE_URL'],
    [{ STORE: 'postgis', DATABASE_URL: 'mysql://h/db' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 200'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 200'],
    [
      { DATABASE_STATEMENT_TIMEOUT_S: '-1' },
      'DATABASE_STATEMENT_TIMEOUT_S must be a number of seconds',
    ],
    [{ DATABASE_STATEMENT_TIMEOUT_S: 'long' }, 'DATABASE_STATEMENT_TIMEOUT_S must be a number'],
    [{ DATABASE_CONNECT_TIMEOUT_S: '0' }, 'DATABASE_CONNECT_TIMEOUT_S must be a number of seconds'],
    [{ DATABASE_CONNECT_TIMEOUT_S: '61' }, 'greater than 0 and at most 60'],
  ])('refuses %o, naming the rule', (env, rule) => {
    expect(() => parseStoreEnv(env)).toThrow(rule);
  });
});
