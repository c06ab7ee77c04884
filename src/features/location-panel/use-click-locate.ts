// The click the location panel and marker show, and its locate answer. The locate query is
// keyed by the point, so a newer click leaves the older query without observers and TanStack
// aborts its request: the last click wins. Turning the answer into a selected location is a
// workflow (app/use-workflows.ts); these hooks only read.
import { useMemo } from 'react';
import { useAppStore } from '../../state/store';
import { useLocate } from '../../queries/use-locate';

/** The click point the user is looking at: a pending point, or the click a location came from. */
export function useClickPoint(): { lng: number; lat: number } | null {
  const selection = useAppStore((s) => s.selection);
  // Memoised on the selection object so the map layer's features change only with it.
  return useMemo(() => {
    if (selection.kind === 'point') return { lng: selection.lng, lat: selection.lat };
    if (selection.kind === 'location' && selection.click) return selection.click;
    return null;
  }, [selection]);
}

/** The locate answer for the click in view (shared through the query cache). */
export function useClickLocate() {
  const vintage = useAppStore((s) => s.fabricVintage);
  const parceldistancem = useAppStore((s) => s.parceldistancem);
  const neardistancem = useAppStore((s) => s.neardistancem);
  const click = useClickPoint();
  return useLocate(vintage, click, { parceldistancem, neardistancem });
}
