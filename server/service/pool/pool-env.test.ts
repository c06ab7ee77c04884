import { describe, expect, it } from 'vitest';
import { POOL_ENV_DEFAULTS, parsePoolEnv } from './pool-env';

describe('worker pool settings', () => {
  it('defaults to one worker, 16 waiting requests and 10 s', () => {
    expect(parsePoolEnv({})).toEqual({ workers: 1, queue: 16, timeoutMs: 10_000 });
    expect(POOL_ENV_DEFAULTS.SERVICE_WORKERS).toBe(1);
  });

  it('reads each variable, empty meaning the default', () => {
    expect(
      parsePoolEnv({
        SERVICE_WORKERS: '0',
        SERVICE_WORK_QUEUE: ' ',
        SERVICE_WORK_TIMEOUT_S: '2.5',
      }),
    ).toEqual({ workers: 0, queue: 16, timeoutMs: 2500 });
  });

  it.each([
    ['SERVICE_WORKERS', '-1', 'SERVICE_WORKERS must be a whole number from 0 to 64'],
    ['SERVICE_WORKERS', 'two', 'SERVICE_WORKERS must be a whole number from 0 to 64'],
    ['SERVICE_WORK_QUEUE', '0', 'SERVICE_WORK_QUEUE must be a whole number from 1 to 10000'],
    ['SERVICE_WORK_TIMEOUT_S', '0', 'SERVICE_WORK_TIMEOUT_S must be a number of seconds'],
    ['SERVICE_WORK_TIMEOUT_S', 'soon', 'SERVICE_WORK_TIMEOUT_S must be a number of seconds'],
  ])('refuses %s=%s, naming the rule', (name, value, rule) => {
    expect(() => parsePoolEnv({ [name]: value })).toThrow(rule);
  });
});
