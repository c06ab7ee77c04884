import { describe, expect, it } from 'vitest';
import { fabricAttribution } from './attribution';

describe('fabricAttribution', () => {
  it('says the demo fabric is synthetic', () => {
    expect(fabricAttribution({ kind: 'demo' })).toBe('Demo fabric: synthetic');
  });

  it('names an imported fabric by its database, never as the demo', () => {
    const text = fabricAttribution({ kind: 'imported', database: 'fabric on db.example:5432' });
    expect(text).toBe('Imported fabric (fabric on db.example:5432)');
  });

  it('names a workspace by its areas and host', () => {
    const text = fabricAttribution({
      kind: 'workspace',
      host: 'service.example',
      areas: [{ geoid: '17167', name: 'Sangamon County' }],
      syncedAt: '2026-05-01T10:00:00Z',
    });
    expect(text).toBe('Workspace: Sangamon County from service.example, synced 2026-05-01');
  });
});
