// h3-js (about 6 MB of RSS in each thread that loads it) loads on the first operation that
// needs an H3 cell, not with the service app: a worker thread that answers summarize, report
// or collect3 by fabric fields never holds it. Run in a child process, whose module cache is
// its own: the fixture fabric it serves is read from the binary cache format, since building
// it computes mobile cells.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { encodeFabric } from '../demo/fabric-codec';
import { buildFixtureFabric, FIXTURE_ORIGIN } from './testing/fixture-fabric';

const { lng, lat } = FIXTURE_ORIGIN;
const AREA = {
  type: 'Polygon',
  coordinates: [
    [
      [lng - 0.05, lat - 0.05],
      [lng + 0.05, lat - 0.05],
      [lng + 0.05, lat + 0.05],
      [lng - 0.05, lat + 0.05],
      [lng - 0.05, lat - 0.05],
    ],
  ],
};
const POINTS = [{ sourcekey: 'a', latitude: lat, longitude: lng }];

const CHILD = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const { decodeFabric } = await import('./server/demo/fabric-codec.ts');
const { createMemoryStore } = await import('./server/service/store/memory/memory-store.ts');
const { createServiceApp } = await import('./server/service/app.ts');
const loaded = () =>
  Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/h3-js/'));
const fabric = decodeFabric(new Uint8Array(readFileSync(process.env.FABRIC_FILE)));
const app = createServiceApp({ store: createMemoryStore(fabric), tokens: null });
const post = (path, body) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const atStart = loaded();
const summarize = await post('/fabricext/202506/summarize?field=building_type_code,unit_count', ${JSON.stringify(AREA)});
const afterSummarize = loaded();
const h3assign = await post('/geosvc/h3assign?res=4', ${JSON.stringify(POINTS)});
console.log(JSON.stringify({
  atStart,
  summarize: summarize.status,
  afterSummarize,
  h3assign: await h3assign.json(),
  afterH3Assign: loaded(),
}));
`;

describe('h3-js in the service', () => {
  it('loads on the first operation with H3 cells, not with the app or a summarize', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lazy-h3-'));
    try {
      const file = join(dir, 'fixture.bin');
      writeFileSync(file, Buffer.concat(encodeFabric(buildFixtureFabric())));
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', CHILD],
        { encoding: 'utf8', env: { ...process.env, FABRIC_FILE: file }, timeout: 60_000 },
      );
      expect(child.stderr).toBe('');
      expect(JSON.parse(child.stdout.trim().split('\n').at(-1)!)).toEqual({
        atStart: false,
        summarize: 200,
        afterSummarize: false,
        h3assign: [{ ...POINTS[0], res: 4, h3: latLngToCell(lat, lng, 4) }],
        afterH3Assign: true,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
