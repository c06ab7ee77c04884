// Whether a location is in the releases the panel speaks for: the chosen fabric vintage, and
// the fabric release the coverage vintage was reported on (the fabric vintage of the same
// YYYYMM). A location outside either gets no BEAD status (shared/fixed-status.ts), with a
// sentence saying why. Presence comes from its history (first and last release numbers, taken
// as unbroken between them, as the timeline draws it).
import { vintageLabel } from '../../lib/vintage';
import type { HistoryEntry, VintageInfo } from './history-timeline';

export type ReleaseCheck = { inRelease: true } | { inRelease: false; reason: string };

const label = (vintage: string) => vintageLabel(vintage, 'long');

/** Why the location is not in `release` ('fabric' chosen, or the coverage data's), or null. */
function absence(
  history: HistoryEntry,
  sorted: readonly VintageInfo[],
  release: VintageInfo,
  what: string,
): string | null {
  if (release.version < history.firstversion) {
    const first = sorted.find((v) => v.version >= history.firstversion);
    const added = first ? `Added in ${label(first.vintage)}` : 'Added later';
    return `${added}, after the ${label(release.vintage)} ${what}.`;
  }
  if (release.version > history.lastversion) {
    const gone = sorted.find((v) => v.version > history.lastversion);
    const last = sorted.filter((v) => v.version <= history.lastversion).at(-1);
    const retired = gone ? `Retired in ${label(gone.vintage)}` : 'Retired';
    const lastIn = last ? `, last listed in ${label(last.vintage)}` : '';
    return `${retired}${lastIn}: not in the ${label(release.vintage)} ${what}.`;
  }
  return null;
}

export function releaseCheck(
  history: HistoryEntry | undefined,
  vintages: readonly VintageInfo[],
  fabricVintage: string,
  coverageVintage: string,
): ReleaseCheck {
  if (!history) {
    return { inRelease: false, reason: 'No fabric release lists this location.' };
  }
  const sorted = [...vintages].sort((a, b) => a.version - b.version);
  const fabric = sorted.find((v) => v.vintage === fabricVintage);
  const fabricReason = fabric ? absence(history, sorted, fabric, 'fabric') : null;
  if (fabricReason) return { inRelease: false, reason: fabricReason };
  // A coverage vintage is reported on the fabric release of its month; where the service lists
  // no such release, presence in the chosen fabric is all that can be known.
  const reported = sorted.find((v) => v.vintage === coverageVintage);
  const coverageReason = reported
    ? absence(history, sorted, reported, 'fabric release this coverage data was reported on')
    : null;
  if (coverageReason) return { inRelease: false, reason: coverageReason };
  return { inRelease: true };
}
