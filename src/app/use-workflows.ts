// The app's workflows, wired in one place. Widgets render the store and call its actions;
// what follows from an action or an answer is decided here, mounted once by App:
//   1. Vintages. Once the service lists them, the store holds a vintage it publishes: a
//      link's choice while it is still listed, else the newest. Every vintaged query waits
//      on this, the locate of a click included.
//   2. Locate. A map click becomes a point selection in map/use-map-clicks.ts (what a click
//      means: map/route-click.ts). Here the point is located with the settings' distances
//      and the match becomes the selected location, which the location panel shows. A click
//      on a drawn dot also starts that location's parts beside the locate (location-parts.ts).
//   3. Click timing. The click-to-panel clock starts when the store records a click; the
//      location panel stops it once every part shows (location-panel/click-timing.ts).
//   4. Keys. Esc clears the selection, "/" jumps to the address search.
// Restoring the URL and following other tabs' areas start before the first render (main.tsx).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cancelClickTiming, markClick } from '../features/location-panel/click-timing';
import { prefetchLocationParts } from '../features/location-panel/location-parts';
import { useClickLocate } from '../features/location-panel/use-click-locate';
import { effectiveVintage } from '../lib/vintage';
import { useVintages } from '../queries/use-vintages';
import { useAppStore } from '../state/store';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

export function useWorkflows(): void {
  useDefaultVintages();
  useLocateClicks();
  useClickTiming();
  useKeyboardShortcuts();
}

function useDefaultVintages(): void {
  const v = useVintages();
  useListedVintage(v.fabric, v.fabricVintages, v.setFabric);
  useListedVintage(v.coverage, v.coverageVintages, v.setCoverage);
}

/** Stores the vintage the pickers show whenever it differs from the one held. */
function useListedVintage(
  held: string | null,
  listed: readonly string[] | undefined,
  store: (vintage: string) => void,
): void {
  const shown = effectiveVintage(held, listed ?? []);
  useEffect(() => {
    if (shown && shown !== held) store(shown);
  }, [shown, held, store]);
}

function useLocateClicks(): void {
  const selection = useAppStore((s) => s.selection);
  const selectLocation = useAppStore((s) => s.selectLocation);
  const locate = useClickLocate();
  const found = selection.kind === 'point' ? locate.data?.[0] : undefined;
  const client = useQueryClient();

  useEffect(() => {
    if (selection.kind !== 'point' || selection.pointedAt === undefined) return;
    const { fabricVintage, coverageVintage } = useAppStore.getState();
    prefetchLocationParts(client, fabricVintage, coverageVintage, selection.pointedAt);
  }, [selection, client]);

  useEffect(() => {
    if (selection.kind !== 'point' || !found) return;
    selectLocation(found.location_id, { lng: selection.lng, lat: selection.lat });
  }, [selection, found, selectLocation]);
}

/** Starts the clock the moment the store records a click (before React renders). */
function useClickTiming(): void {
  useEffect(
    () =>
      useAppStore.subscribe((state, previous) => {
        if (state.selection === previous.selection) return;
        if (state.selection.kind === 'point') markClick();
        else if (state.selection.kind !== 'location' || !state.selection.click) cancelClickTiming();
      }),
    [],
  );
}
