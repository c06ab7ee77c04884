import type { StateCreator } from 'zustand';
import { shareServerArea, savedAreaOf, type ServerArea } from '../../api/server-areas';
import { areaRepository, keepAreasIn } from '../area-persistence/area-repository';
import { browserStorage } from '../browser-storage';
import { uploadAnsweredKey } from '../area-persistence/keys';
import { writeText, readStoredText } from '../area-persistence/local-storage';
import {
  serverAreaRepository,
  type ServerAreaRepository,
} from '../area-persistence/server-repository';
import { serverAreaEvents } from '../server-area-events';
import { byCreation, type SavedArea } from '../saved-area';
import type { AppState } from '../store';

export interface ColleagueArea {
  area: SavedArea;
  owner: string;
}

/**
 * A signed-in planner's areas kept by the app server, as UI state: who is signed in and which
 * of their areas are shared, colleagues' shared areas (read-only), the last write that replaced
 * a version made elsewhere, and the one-time offer to upload this browser's areas.
 */
export interface TeamAreasSlice {
  /** Null while the areas stay in this browser (no sign-in, or not known yet). */
  serverAreas: { person: string; shared: Record<string, boolean> } | null;
  colleagueAreas: ColleagueArea[];
  /** One of mine saved over a version made in another tab or browser: that version. */
  areaConflict: { mine: string; theirs: SavedArea; at: number } | null;
  /** This browser's areas the server does not hold, until the planner answers once. */
  uploadOffer: SavedArea[] | null;
  /** The server's list: the first time, the server takes over keeping the areas. */
  adoptServerAreas: (person: string, listed: ServerArea[]) => void;
  setAreaShared: (id: string, shared: boolean) => void;
  copyColleagueArea: (id: string) => void;
  /** Keeps the replaced version as a new area of mine, or lets it go. */
  settleConflict: (keepTheirs: boolean) => void;
  answerUploadOffer: (upload: boolean) => void;
}

let server: ServerAreaRepository | null = null;

/** Whether a refresh from the server may replace what is shown (no write on its way). */
export const serverAreasIdle = () => server?.idle() ?? true;

export const createTeamAreasSlice: StateCreator<AppState, [], [], TeamAreasSlice> = (set, get) => {
  const copyAsMine = (area: SavedArea, name: string) =>
    get().addArea({
      name,
      geometry: area.geometry,
      source: area.source,
      ...(area.geoid ? { geoid: area.geoid } : {}),
    });
  return {
    serverAreas: null,
    colleagueAreas: [],
    areaConflict: null,
    uploadOffer: null,
    adoptServerAreas: (person, listed) => {
      const mine = listed.filter((a) => a.mine);
      const first = server === null;
      if (first) {
        const events = serverAreaEvents(set, get);
        const onServer = new Set(listed.map((a) => a.id));
        const local = get().areas.filter((a) => !onServer.has(a.id));
        const answered = readStoredText(browserStorage(), uploadAnsweredKey(person)) !== null;
        if (local.length > 0 && !answered) set({ uploadOffer: local });
        server = keepAreasIn((browser) => serverAreaRepository(browser, events));
      }
      for (const a of mine) server?.versions.set(a.id, a.version);
      set((s) => ({
        areas: mine.map(savedAreaOf).sort(byCreation),
        selectedAreaId: mine.some((a) => a.id === s.selectedAreaId) ? s.selectedAreaId : null,
        serverAreas: { person, shared: Object.fromEntries(mine.map((a) => [a.id, a.shared])) },
        colleagueAreas: listed
          .filter((a) => !a.mine)
          .map((a) => ({ area: savedAreaOf(a), owner: a.owner }))
          .sort((a, b) => byCreation(a.area, b.area)),
      }));
    },
    setAreaShared: (id, shared) => {
      const flip = (to: boolean) =>
        set((s) =>
          s.serverAreas
            ? { serverAreas: { ...s.serverAreas, shared: { ...s.serverAreas.shared, [id]: to } } }
            : {},
        );
      flip(shared);
      shareServerArea(id, shared).catch((error: unknown) => {
        flip(!shared);
        set({
          areaNotice: {
            kind: 'error',
            text: `Sharing not changed: ${error instanceof Error ? error.message : String(error)}`,
          },
        });
      });
    },
    copyColleagueArea: (id) => {
      const found = get().colleagueAreas.find((c) => c.area.id === id);
      if (!found) return;
      const copy = copyAsMine(found.area, `${found.area.name} (from ${found.owner})`);
      get().announceArea(copy, `Copied “${found.area.name}” to your areas.`);
    },
    settleConflict: (keepTheirs) => {
      const conflict = get().areaConflict;
      set({ areaConflict: null });
      if (keepTheirs && conflict)
        copyAsMine(conflict.theirs, `${conflict.theirs.name} (other version)`);
    },
    answerUploadOffer: (upload) => {
      const offer = get().uploadOffer ?? [];
      const person = get().serverAreas?.person;
      set({ uploadOffer: null });
      if (person) writeText(browserStorage(), uploadAnsweredKey(person), String(Date.now()));
      if (!upload) return;
      set((s) => ({ areas: [...s.areas, ...offer].sort(byCreation) }));
      for (const area of offer) areaRepository.save(area);
      set({
        areaNotice: {
          kind: 'info',
          text: `Uploading ${offer.length} area${offer.length === 1 ? '' : 's'} from this browser to your account.`,
        },
      });
    },
  };
};
