// Summarize refusals over real HTTP: invalid GeoJSON (each rule), the vertex and body-size
// limits, and maxcount_exceeded with its counts.
import { describe, expect, it } from 'vitest';
import { summarize } from '../store/memory/ops/summarize';
import { buildFabricIndex } from '../store/memory/fabric-index';
import { createMemoryStore } from '../store/memory/memory-store';
import type { Store } from '../store/store';
import { buildFixtureFabric, fixtureLngLat } from '../testing/fixture-fabric';
import { CURRENT, TOKEN, call, errorOf, serviceForFile, startService } from './harness';

const svc = serviceForFile();

const PATH = `/fabricext/${CURRENT}/summarize?field=unit_count`;
const polygon = (ring: unknown[]) => ({ type: 'Polygon', coordinates: [ring] });
const A = [-89.66, 39.79];
const B = [-89.64, 39.79];
const C = [-89.64, 39.81];
const D = [-89.66, 39.81];

type Case = [name: string, body: unknown, rule: string | null, mentions: string[]];
const INVALID: Case[] = [
  ['an open ring', polygon([A, B, C, D]), 'closed', ['not closed']],
  ['a ring of 3 positions', polygon([A, B, A]), 'min_positions', ['at least 4']],
  ['a ring of 2 distinct positions', polygon([A, B, A, B, A]), null, []],
  ['a non-numeric coordinate', polygon([A, B, ['x', 39.8], A]), null, ['body']],
  ['a latitude out of range', polygon([A, B, [-89.64, 91], A]), 'range', ['out of range']],
  ['a longitude out of range', polygon([A, [181, 39.79], C, A]), 'range', ['out of range']],
  [
    'a self-intersecting ring (bow tie)',
    polygon([A, B, D, C, A]),
    'self_intersection',
    ['intersects itself'],
  ],
  [
    'a self-intersecting hole',
    {
      type: 'Polygon',
      coordinates: [
        [A, B, C, D, A],
        [A, C, B, D, A],
      ],
    },
    'self_intersection',
    ['ring 1'],
  ],
  ['a Point', { type: 'Point', coordinates: A }, null, ['body']],
  [
    'a LineString feature',
    { type: 'Feature', properties: null, geometry: { type: 'LineString', coordinates: [A, B] } },
    null,
    ['body'],
  ],
  ['an empty FeatureCollection', { type: 'FeatureCollection', features: [] }, null, ['body']],
  ['a polygon without rings', { type: 'Polygon', coordinates: [] }, null, ['body']],
  [
    'a MultiPolygon with an open part',
    { type: 'MultiPolygon', coordinates: [[[A, B, C, A]], [[A, B, C, D]]] },
    'closed',
    ['polygon 1'],
  ],
  ['a bare array', [A, B, C, A], null, ['body']],
  ['null', null, null, ['body']],
];

describe('summarize refuses invalid GeoJSON', () => {
  it.each(INVALID)('%s', async (_name, body, rule, mentions) => {
    const res = await call(svc.url, PATH, { body });
    expect(res.status).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('invalid_geojson');
    if (rule) expect(error.details?.rule).toBe(rule);
    for (const m of mentions) expect(error.message).toContain(m);
  });

  it('refuses more than 100000 vertices', async () => {
    const ring = Array.from({ length: 100_001 }, () => [0, 0]);
    const res = await call(svc.url, PATH, { body: polygon(ring) });
    expect(res.status).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('invalid_geojson');
    expect(error.details?.rule).toBe('max_vertices');
  });

  it('refuses a body over 5 MiB with 413', async () => {
    const raw = JSON.stringify(polygon([A, B, C, A])).padEnd(5 * 1024 * 1024 + 1, ' ');
    const res = await call(svc.url, PATH, {
      raw,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(errorOf(res.body).code).toBe('payload_too_large');
  });

  it('refuses a chunked body (no Content-Length) once it passes 5 MiB', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 8 MiB at most: the service must stop reading well before the end.
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(svc.url + PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(errorOf(await res.json()).code).toBe('payload_too_large');
  });

  it('refuses a body that is not JSON with a message that says so', async () => {
    const res = await call(svc.url, PATH, { raw: '{"type":"Polygon",', method: 'POST' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).message).toContain('JSON');
  });
});

describe('maxcount', () => {
  it('answers 422 maxcount_exceeded with locationcount and maxcount', async () => {
    // The memory store's cap is fixed at 50000; this store answers through the same summarize
    // op with a cap of 3 so the 13-location fixture can exceed it.
    const fabric = buildFixtureFabric();
    const ix = buildFabricIndex(fabric);
    const store: Store = {
      ...createMemoryStore(fabric),
      summarize: async (v, area, fields, nocat) =>
        summarize(ix, ix.vintageIndex(v), area, fields, nocat, { maxcount: 3 }),
    };
    const small = await startService({ store });
    try {
      const ring = [
        [-100, -100],
        [500, -100],
        [500, 200],
        [-100, 200],
        [-100, -100],
      ].map(([x, y]) => fixtureLngLat(x!, y!));
      const res = await call(small.url, PATH, { body: polygon(ring) });
      expect(res.status).toBe(422);
      const error = errorOf(res.body);
      expect(error.code).toBe('maxcount_exceeded');
      expect(res.body).toMatchObject({
        locationcount: 8,
        maxcount: 3,
        error: { locationcount: 8, maxcount: 3 },
      });
      const under = ring
        .slice(0, 1)
        .concat([
          fixtureLngLat(40, -100),
          fixtureLngLat(40, 200),
          fixtureLngLat(-100, 200),
          ring[0]!,
        ]);
      const ok = await call(small.url, PATH, { body: polygon(under) });
      expect(ok.status).toBe(200);
      expect(small.logged).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
