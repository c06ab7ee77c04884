// The fabric releases a location existed in, from its history record (svcversions) and the
// fabric vintages operation (svcversion → vintage).

export interface HistoryEntry {
  location_id: number;
  firstsvcversion: number;
  lastsvcversion: number;
  re_location_id: number | null;
}

export interface VintageInfo {
  vintage: string;
  svcversion: number;
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
 * One step per known vintage, present from firstsvcversion to lastsvcversion (history only
 * speaks in first/last, so presence is taken as unbroken between them).
 */
export function buildTimeline(
  history: HistoryEntry,
  vintages: readonly VintageInfo[],
  currentVintage: string,
): Timeline {
  const sorted = [...vintages].sort((a, b) => a.svcversion - b.svcversion);
  const steps = sorted.map((v) => ({
    vintage: v.vintage,
    present: v.svcversion >= history.firstsvcversion && v.svcversion <= history.lastsvcversion,
  }));
  const current = sorted.find((v) => v.vintage === currentVintage);
  const retired = current !== undefined && history.lastsvcversion < current.svcversion;
  return { steps, retired, replacedBy: retired ? history.re_location_id : null };
}
