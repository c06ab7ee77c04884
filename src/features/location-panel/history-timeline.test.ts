import { describe, expect, it } from 'vitest';
import { buildTimeline } from './history-timeline';

const vintages = [
  { vintage: '202412', version: 10 },
  { vintage: '202306', version: 7 },
  { vintage: '202312', version: 8 },
  { vintage: '202406', version: 9 },
  { vintage: '202506', version: 11 },
];

describe('buildTimeline', () => {
  it('marks the vintages between first and last as present, in release order', () => {
    const t = buildTimeline(
      { location_id: 1, firstversion: 8, lastversion: 10, re_location_id: null },
      vintages,
      '202412',
    );
    expect(t.steps).toEqual([
      { vintage: '202306', present: false },
      { vintage: '202312', present: true },
      { vintage: '202406', present: true },
      { vintage: '202412', present: true },
      { vintage: '202506', present: false },
    ]);
    expect(t.retired).toBe(false);
  });

  it('is retired when its last version is older than the vintage in view, and names the equivalent', () => {
    const t = buildTimeline(
      { location_id: 1, firstversion: 7, lastversion: 9, re_location_id: 1000000042 },
      vintages,
      '202506',
    );
    expect(t.retired).toBe(true);
    expect(t.replacedBy).toBe(1000000042);
  });

  it('is not retired when viewing a vintage it was in', () => {
    const t = buildTimeline(
      { location_id: 1, firstversion: 7, lastversion: 9, re_location_id: 1000000042 },
      vintages,
      '202406',
    );
    expect(t.retired).toBe(false);
    expect(t.replacedBy).toBeNull();
  });
});
