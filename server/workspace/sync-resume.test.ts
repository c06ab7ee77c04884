// A sync of two counties killed with SIGKILL at a random request resumes from its journal: the
// final workspace is the one an uninterrupted sync writes, byte for byte (every record of both
// counties), and no request whose answer was journaled is sent again. Before the kill's sync
// finishes, the previous workspace stays whole.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeFabric } from '../demo/fabric-codec';
import type { Fabric } from '../service/store/fabric';
import { runSync } from './run-sync';
import { startPublishedProxy, type PublishedProxy } from './published-proxy';
import { spawnSync } from './testing/sync-child';
import { COUNTY, demoFabric, expectSameAsDemo, syncOptions } from './testing/sync-fixture';
import { NEIGHBOUR, twoCountyFabric } from './testing/two-counties';
import { readManifest, readWorkspaceFabric } from './workspace-files';

let service: Fabric;
let proxy: PublishedProxy;
const dirs: string[] = [];
const workspace = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sync-resume-'));
  dirs.push(dir);
  return dir;
};
const METADATA = new Set(['listApis', 'fabricVintages', 'coverageVintages']);
const journalFiles = (dir: string) => {
  const sync = join(dir, '.sync');
  return readdirSync(join(sync, readdirSync(sync)[0]!)).filter((f) => f.endsWith('.json'));
};
const BOTH = [COUNTY, NEIGHBOUR];
const VINTAGES = ['202412', '202506'];
const bytes = (f: Fabric) => Buffer.concat(encodeFabric(f));

beforeAll(async () => {
  service = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(service);
});
afterAll(async () => {
  await proxy.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

it('resumes a sync killed with SIGKILL at a random request, asking nothing journaled again', async () => {
  const whole = workspace();
  proxy.seen.length = 0;
  await runSync({ ...syncOptions(proxy.url, whole), counties: BOTH });
  const total = proxy.seen.length;
  const keys = journalFiles(whole).length;
  expect(total).toBe(keys + METADATA.size);

  const dir = workspace();
  const killAt = 10 + Math.floor(Math.random() * (total - 20));
  proxy.seen.length = 0;
  const run = spawnSync(proxy.url, dir, [], BOTH);
  proxy.fault = () => {
    if (proxy.seen.length === killAt) run.child.kill('SIGKILL');
    return undefined;
  };
  const killed = await run.exited;
  proxy.fault = null;
  expect(killed.signal, `killed at request ${killAt}: ${killed.stderr}`).toBe('SIGKILL');
  expect(readManifest(dir)).toBeNull();
  const journaled = journalFiles(dir).length;
  expect(journaled).toBeGreaterThan(0);
  expect(journaled).toBeLessThan(keys);

  proxy.seen.length = 0;
  const resumed = await spawnSync(proxy.url, dir, [], BOTH).exited;
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(resumed.stdout).toContain(`(${journaled} from the journal)`);
  const asked = proxy.seen.filter((r) => !METADATA.has(r.op)).length;
  expect(asked).toBe(keys - journaled);
  const a = readWorkspaceFabric(whole, readManifest(whole)!);
  const b = readWorkspaceFabric(dir, readManifest(dir)!);
  expect(b.counties?.map((c) => c.geoid)).toEqual([NEIGHBOUR, COUNTY]);
  expect(bytes(b).equals(bytes(a))).toBe(true);
  await expectSameAsDemo(service, b, VINTAGES, VINTAGES);
});
