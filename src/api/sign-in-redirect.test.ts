// A 401 `unauthenticated` from the app server sends the planner to the sign-in page (which says
// the session ended) and back to the same view after; other errors do not.
import { afterEach, expect, it, vi } from 'vitest';
import * as z from '../../shared/zod';
import { request } from './http';

const goToSignIn = vi.hoisted(() => vi.fn());
vi.mock('./sign-in-redirect', () => ({ goToSignIn }));

afterEach(() => {
  vi.unstubAllGlobals();
  goToSignIn.mockClear();
});

function answer(status: number, code: string) {
  const body = JSON.stringify({ error: { code, message: 'sign in first: open /sign-in' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );
}

const ask = () => request({ operation: 'test', path: '/x', schema: z.unknown() }).catch(() => null);

it('goes to the sign-in page on 401 unauthenticated', async () => {
  answer(401, 'unauthenticated');
  await ask();
  expect(goToSignIn).toHaveBeenCalledOnce();
});

it('stays on other errors, the service’s own 401 included', async () => {
  answer(401, 'unauthorized');
  await ask();
  answer(429, 'rate_limited');
  await ask();
  expect(goToSignIn).not.toHaveBeenCalled();
});

it('names the view to come back to', async () => {
  const { goToSignIn: real } =
    await vi.importActual<typeof import('./sign-in-redirect')>('./sign-in-redirect');
  window.history.replaceState(null, '', '/areas?id=7#map');
  const navigate = vi.fn();
  real(navigate);
  expect(navigate).toHaveBeenCalledWith('/sign-in?ended=expired&next=%2Fareas%3Fid%3D7%23map');
});
