// The words of the Add to workspace dialog: what a selected area asks the sync for, what the
// estimate says it adds and costs, and where a running sync is.
import type {
  SyncBody,
  SyncEstimateAnswer,
  SyncJob,
  SyncStep,
} from '../../../../shared/workspace-sync';
import type { SavedArea } from '../../../state/saved-area';

/** A county or a state by its GEOID; any other area as the counties it touches. */
export function syncBodyOf(area: SavedArea): SyncBody {
  if (area.source === 'county' && area.geoid) return { counties: [area.geoid] };
  if (area.source === 'state' && area.geoid) return { state: area.geoid };
  return { area: area.geometry };
}

const number = new Intl.NumberFormat('en-US');
export const count = (n: number) => number.format(Math.round(n));

/** What the operations are for, in the order the sync asks them. */
const OPERATIONS: [string, string][] = [
  ['accountcontrol/listapis', 'Prices (listapis)'],
  ['fabric/vintages', 'Fabric vintages'],
  ['coverage/vintages', 'Coverage vintages'],
  ['fabric/bulk', 'Location records (bulk)'],
  ['coverage/bdcfixed', 'Fixed coverage (bdcfixed)'],
  ['fabricext/history', 'Retired locations (history)'],
];

export function costRows(e: SyncEstimateAnswer): { label: string; requests: string }[] {
  // History's floor is shown even at 0: the records the sync reads may name retired locations.
  const shown = ([op]: [string, string]) =>
    (e.requests[op] ?? 0) > 0 || (op === 'fabricext/history' && !e.exact);
  return OPERATIONS.filter(shown).map(([op, label]) => ({
    label,
    requests:
      op === 'fabricext/history' && !e.exact
        ? `at least ${count(e.requests[op] ?? 0)}`
        : count(e.requests[op] ?? 0),
  }));
}

const list = (names: string[]) =>
  names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** "This adds Sangamon and Menard counties: 74,912 locations (fabric 202506)." */
export function addsText(e: SyncEstimateAnswer): string {
  const added = e.counties.filter((c) => c.added).map((c) => c.name);
  const newest = e.fabricVintages.at(-1) ?? '';
  if (added.length === 0)
    return 'Every county of this area is in the workspace already; a sync brings in only what is new.';
  const noun = added.length === 1 ? 'County' : 'counties';
  const named = list(added.map((n) => n.replace(/ County$/, '')));
  return `This adds ${named} ${noun}: ${count(e.locations[newest] ?? 0)} locations (fabric ${newest}).`;
}

export function minutesText(minutes: number): string {
  return minutes < 1 ? 'under a minute' : `about ${Math.ceil(minutes)} min`;
}

/** What a sync does once its requests are answered, when it sends few or none for a while. */
const AFTER_REQUESTS: Record<Exclude<SyncStep, 'requests'>, string> = {
  assembling: 'assembling the workspace from the answers',
  checking: "checking the workspace's answers against a sample of the service's",
  publishing: 'publishing it into the database',
};

/** "1,234 of 5,678 requests, about 4 min left", or, past the requests, what it does now. */
export function progressText(job: SyncJob): string {
  const { done, planned } = job.requests;
  if (job.step && job.step !== 'requests')
    return `${count(done)} requests answered; ${AFTER_REQUESTS[job.step]}…`;
  const left = job.etaMs === null ? '' : `, ${minutesText(job.etaMs / 60_000)} left`;
  return `${count(done)} of ${count(Math.max(done, planned))} requests${left}`;
}
