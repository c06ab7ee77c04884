// Who is signed in to the app server (GET /api/session), for the top bar. "none" when the
// server runs without sign-in; a backend without the route (the Vite dev server's) answers 404,
// which the hook reads as the same.
import * as z from '../../shared/zod';
import { request } from './http';

export const sessionSchema = z.object({
  signIn: z.string(),
  name: z.optional(z.string()),
  admin: z.optional(z.boolean()),
  /** Whether a Sign out button makes sense (password mode; the proxy signs out on its own). */
  signOut: z.optional(z.boolean()),
});

export type SessionInfo = z.infer<typeof sessionSchema>;

export function getSession(signal?: AbortSignal): Promise<SessionInfo> {
  return request({ operation: 'session', path: '/session', signal, schema: sessionSchema });
}
