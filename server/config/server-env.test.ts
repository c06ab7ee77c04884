// The front-door variables: defaults when unset, values in seconds, and a loud refusal naming
// the variable and its rule for anything malformed.
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from './server-env';

describe('parseServerEnv', () => {
  it('gives the documented defaults when nothing is set', () => {
    expect(parseServerEnv({}, { port: 5173 })).toEqual({
      port: 5173,
      host: '127.0.0.1',
      allowedHosts: [],
      limits: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 60_000,
        keepAliveTimeoutMs: 5_000,
        maxConnections: 256,
        maxConnectionsPerAddress: 32,
      },
    });
    expect(parseServerEnv({ PORT: '', HEADERS_TIMEOUT_S: ' ' }, { port: 8787 }).port).toBe(8787);
    const share = parseServerEnv({ MAX_CONNECTIONS_PER_ADDRESS: '8' }, { port: 1 }).limits;
    expect(share.maxConnectionsPerAddress).toBe(8);
  });

  it('reads seconds (fractions too), the connection cap and ALLOWED_HOSTS entries', () => {
    const env = parseServerEnv(
      {
        PORT: '0',
        HOST: '0.0.0.0',
        ALLOWED_HOSTS: ' Maps.Example.org , 10.0.0.5:5173,[::1]:80,',
        HEADERS_TIMEOUT_S: '1.5',
        REQUEST_TIMEOUT_S: '2',
        KEEPALIVE_TIMEOUT_S: '0.5',
        MAX_CONNECTIONS: '3',
      },
      { port: 5173 },
    );
    expect(env).toEqual({
      port: 0,
      host: '0.0.0.0',
      allowedHosts: ['maps.example.org', '10.0.0.5:5173', '[::1]:80'],
      limits: {
        headersTimeoutMs: 1500,
        requestTimeoutMs: 2000,
        keepAliveTimeoutMs: 500,
        maxConnections: 3,
        maxConnectionsPerAddress: 3,
      },
    });
  });

  it.each([
    [{ PORT: 'http' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
    [{ HEADERS_TIMEOUT_S: '0' }, 'HEADERS_TIMEOUT_S must be a number of seconds greater than 0'],
    [{ REQUEST_TIMEOUT_S: 'soon' }, 'REQUEST_TIMEOUT_S must be a number of seconds'],
    [{ KEEPALIVE_TIMEOUT_S: '-1' }, 'KEEPALIVE_TIMEOUT_S must be a number of seconds'],
    [{ KEEPALIVE_TIMEOUT_S: '1e9' }, 'at most 600'],
    [{ MAX_CONNECTIONS: '2.5' }, 'MAX_CONNECTIONS must be a whole number from 1'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS must be a whole number from 1'],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '0' }, 'MAX_CONNECTIONS_PER_ADDRESS must be a whole number'],
    [
      { HEADERS_TIMEOUT_S: '30', REQUEST_TIMEOUT_S: '20' },
      'REQUEST_TIMEOUT_S must be at least HEADERS_TIMEOUT_S',
    ],
    [{ ALLOWED_HOSTS: 'evil.example/path' }, 'ALLOWED_HOSTS must be comma-separated host names'],
    [
      { ALLOWED_HOSTS: 'a.example,https://b.example' },
      'ALLOWED_HOSTS must be comma-separated host names',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => parseServerEnv(env, { port: 5173 })).toThrow(message);
  });

  it('names every bad variable at once', () => {
    expect(() => parseServerEnv({ PORT: 'x', MAX_CONNECTIONS: 'y' }, { port: 1 })).toThrow(
      /PORT[\s\S]*MAX_CONNECTIONS/,
    );
  });
});
