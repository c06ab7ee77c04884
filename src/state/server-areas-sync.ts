// Signed in to an app server that keeps areas, this browser shows the planner's areas from the
// server: asked once the session is known, and again whenever the tab comes back into view
// (another tab or browser may have changed them), unless a write of this tab is on its way.
// Without sign-in (or against a server without the routes) nothing changes: the areas stay in
// this browser.
import type { StoreApi } from 'zustand';
import { listServerAreas } from '../api/server-areas';
import { getSession } from '../api/session';
import { serverAreasIdle } from './slices/team-areas';
import type { AppState } from './store';

/** Starts; returns the function that stops listening. */
export function installServerAreas(store: StoreApi<AppState>, target: Document = document) {
  let person: string | null = null;
  const refresh = async () => {
    if (!person || !serverAreasIdle()) return;
    try {
      const listed = await listServerAreas();
      if (serverAreasIdle()) store.getState().adoptServerAreas(person, listed);
    } catch {
      // Offline for now: what is shown stays, and the next return to the tab asks again.
    }
  };
  void getSession()
    .then((session) => {
      if (session.signIn === 'none' || !session.name) return;
      person = session.name;
      return refresh();
    })
    .catch(() => undefined);
  const onVisible = () => {
    if (target.visibilityState === 'visible') void refresh();
  };
  target.addEventListener('visibilitychange', onVisible);
  return () => target.removeEventListener('visibilitychange', onVisible);
}
