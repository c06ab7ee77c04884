// What a sync holds once done: the counties asked for (a state's found in the Census county
// file the project ships, since the published boundary operation lists nothing), together with
// every county and state the workspace already holds from the same host, so adding a county
// keeps the others. A workspace from another host is replaced, never mixed.
import { stateCounties } from '../service/routes/boundaries';
import { SyncStopped } from './sync-stopped';
import { readManifest } from './workspace-files';

export interface SyncAreas {
  /** Ascending, each once. */
  counties: string[];
  /** States synced whole, now or before. */
  states: { geoid: string; name: string }[];
  /** "county 17167", "3 counties", "state 17 (Illinois, 102 counties)": for the log. */
  summary: string;
}

export function syncAreas(
  dir: string,
  host: string,
  counties: string[],
  state: string | undefined,
): SyncAreas {
  const held = readManifest(dir);
  const before = held?.sourceHost === host ? held : null;
  const states = [...(before?.states ?? [])];
  const asked = [...counties];
  if (state !== undefined) {
    const found = stateCounties(state);
    if (!found) throw new SyncStopped(`--state ${state}: no state has that FIPS code`, 2);
    asked.push(...found.counties);
    if (!states.some((s) => s.geoid === state)) states.push({ geoid: state, name: found.name });
  }
  if (asked.length === 0) throw new SyncStopped('give --county GEOID[,GEOID…] or --state GEOID', 2);
  const all = [...new Set([...(before?.areas ?? []).map((a) => a.geoid), ...asked])].sort();
  const n = all.length;
  const named =
    state === undefined ? '' : `state ${state} (${states.find((s) => s.geoid === state)!.name}), `;
  return {
    counties: all,
    states: states.sort((a, b) => a.geoid.localeCompare(b.geoid)),
    summary: n === 1 ? `county ${all[0]}` : `${named}${n} counties`,
  };
}
