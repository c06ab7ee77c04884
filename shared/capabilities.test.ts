// The workspace stamp names what the workspace holds: one county by name, several by count, a
// state synced whole by its name and its counties' count, and counties beyond it.
import { describe, expect, it } from 'vitest';
import { dataSourceStamp } from './capabilities';

const county = (geoid: string, name = `County ${geoid}`) => ({ geoid, name });
const stamp = (
  areas: { geoid: string; name: string }[],
  states?: { geoid: string; name: string }[],
) =>
  dataSourceStamp({
    kind: 'workspace',
    host: 'service.example.org',
    areas,
    ...(states ? { states } : {}),
    syncedAt: '2026-01-02T03:04:05Z',
  });

describe('the workspace stamp', () => {
  it('names one county, and counts several', () => {
    expect(stamp([county('17167', 'Sangamon County')])).toBe(
      'Workspace: Sangamon County from service.example.org, synced 2026-01-02',
    );
    expect(stamp([county('17021'), county('17129'), county('17167')])).toBe(
      'Workspace: 3 counties from service.example.org, synced 2026-01-02',
    );
  });

  it('names a state synced whole with its counties, and the counties beyond it', () => {
    const delaware = [county('10001'), county('10003'), county('10005')];
    const state = [{ geoid: '10', name: 'Delaware' }];
    expect(stamp(delaware, state)).toBe(
      'Workspace: Delaware (3 counties) from service.example.org, synced 2026-01-02',
    );
    expect(stamp([...delaware, county('24015')], state)).toBe(
      'Workspace: Delaware (3 counties) and 1 more county from service.example.org, synced 2026-01-02',
    );
  });
});
