// The dialog's words: which body an area asks the sync for, what the estimate says it adds and
// costs (history shown as a floor until the records are read), and where a sync is.
import { describe, expect, it } from 'vitest';
import type { SyncEstimateAnswer } from '../../../../shared/workspace-sync';
import type { SavedArea } from '../../../state/saved-area';
import { workspaceHolds } from './in-workspace';
import { addsText, costRows, progressText, syncBodyOf } from './sync-text';

const square: GeoJSON.Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};
const area = (source: SavedArea['source'], geoid?: string): SavedArea => ({
  id: 'a',
  name: 'A',
  geometry: square,
  source,
  createdAt: 0,
  ...(geoid ? { geoid } : {}),
});
const estimate = (over: Partial<SyncEstimateAnswer> = {}): SyncEstimateAnswer => ({
  counties: [
    { geoid: '17129', name: 'Menard', added: true },
    { geoid: '17167', name: 'Sangamon County', added: true },
    { geoid: '17021', name: 'Christian', added: false },
  ],
  fabricVintages: ['202412', '202506'],
  coverageVintages: ['202412', '202506'],
  locations: { '202412': 70_000, '202506': 74_912 },
  requests: { 'fabric/bulk': 1200, 'coverage/bdcfixed': 0, 'fabricext/history': 40 },
  exact: false,
  credits: 61_040,
  minutes: 4.1,
  spent: { requests: {}, credits: 30 },
  ...over,
});

describe('Add to workspace words', () => {
  it('asks for a county or a state by GEOID and any other area by its outline', () => {
    expect(syncBodyOf(area('county', '17167'))).toEqual({ counties: ['17167'] });
    expect(syncBodyOf(area('state', '17'))).toEqual({ state: '17' });
    expect(syncBodyOf(area('draw'))).toEqual({ area: square });
  });

  it('names the counties added and the newest vintage’s locations', () => {
    expect(addsText(estimate())).toBe(
      'This adds Menard and Sangamon counties: 74,912 locations (fabric 202506).',
    );
    const one = estimate({ counties: [{ geoid: '17021', name: 'Christian', added: true }] });
    expect(addsText(one)).toBe('This adds Christian County: 74,912 locations (fabric 202506).');
    const none = estimate({ counties: [{ geoid: '17167', name: 'Sangamon', added: false }] });
    expect(addsText(none)).toMatch(/in the workspace already/);
  });

  it('lists the requests by operation, history as a floor until exact, none at 0', () => {
    expect(costRows(estimate())).toEqual([
      { label: 'Location records (bulk)', requests: '1,200' },
      { label: 'Retired locations (history)', requests: 'at least 40' },
    ]);
    expect(costRows(estimate({ exact: true })).at(-1)).toEqual({
      label: 'Retired locations (history)',
      requests: '40',
    });
  });

  it('says how far a sync is and how long is left, then what it does past its requests', () => {
    const job = {
      state: 'running' as const,
      what: 'Menard',
      requests: { done: 1234, planned: 5678 },
      credits: 0,
      etaMs: 4 * 60_000 - 1,
      step: 'requests' as const,
      message: null,
      log: [],
    };
    expect(progressText(job)).toBe('1,234 of 5,678 requests, about 4 min left');
    expect(progressText({ ...job, etaMs: null })).toBe('1,234 of 5,678 requests');
    // Past its requests it says what it does, not a time left that no longer moves.
    const answered = { ...job, requests: { done: 5678, planned: 5678 }, etaMs: 0 };
    expect(progressText({ ...answered, step: 'assembling' })).toBe(
      '5,678 requests answered; assembling the workspace from the answers…',
    );
    expect(progressText({ ...answered, step: 'checking' })).toBe(
      "5,678 requests answered; checking the workspace's answers against a sample of the service's…",
    );
    expect(progressText({ ...answered, step: 'publishing' })).toBe(
      '5,678 requests answered; publishing it into the database…',
    );
  });

  it('knows whether the workspace holds a county or a state, not a drawn area', () => {
    const data = {
      kind: 'workspace' as const,
      host: 'h',
      areas: [{ geoid: '17167', name: 'Sangamon' }],
      states: [],
      syncedAt: '2026-01-01',
    };
    expect(workspaceHolds(data, area('county', '17167'))).toBe(true);
    expect(workspaceHolds(data, area('county', '17129'))).toBe(false);
    expect(workspaceHolds(data, area('state', '17'))).toBe(false);
    expect(workspaceHolds(data, area('draw'))).toBeNull();
    expect(workspaceHolds({ kind: 'demo' }, area('county', '17167'))).toBeNull();
  });
});
