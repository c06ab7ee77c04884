// A session ends when its hours are up (APP_SESSION_HOURS), on a clock the test moves.
import { expect, it } from 'vitest';
import { SessionStore } from './sessions';

it('forgets a session once its lifetime has passed', () => {
  let now = 1_000_000;
  const store = new SessionStore(3_600_000, () => now);
  const id = store.create('ana');
  now += 3_599_999;
  expect(store.get(id)?.name).toBe('ana');
  now += 1;
  expect(store.get(id)).toBeNull();
});
