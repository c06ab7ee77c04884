// The fabric releases a location existed in, from its history record (first and last release
// numbers) and the fabric vintages operation (release number → vintage). Both carry the number
// the API layer read from cqaversion or svcversion, whichever the service sent.

export interface HistoryEntry {
  location_id: number;
  firstversion: number;
  lastversion: number;
  re_location_id: number | null;
}

export interface VintageInfo {
  vintage: string;
  version: number;
}

export interface TimelineStep {
  vintage: string;
  present: boolean;
}

export interface Timeline {
  steps: TimelineStep[];
  /** Gone from the fabric the user is looking at. */
  retired: boolean;
  /** The location that took its place, when the service names one. */
  replacedBy: number | null;
}

/**
 * One step per known vintage, present from firstversion to lastversion (history only
 * speaks in first/last, so presence is taken as unbroken between them).
 */
export function buildTimeline(
  history: HistoryEntry,
  vintages: readonly VintageInfo[],
  currentVintage: string,
): Timeline {
  const sorted = [...vintages].sort((a, b) => a.version - b.version);
  const steps = sorted.map((v) => ({
    vintage: v.vintage,
    present: v.version >= history.firstversion && v.version <= history.lastversion,
  }));
  const current = sorted.find((v) => v.vintage === currentVintage);
  const retired = current !== undefined && history.lastversion < current.version;
  return { steps, retired, replacedBy: retired ? history.re_location_id : null };
}
