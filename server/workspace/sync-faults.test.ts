// What the sync does when the service misbehaves: a 429 storm is waited out; the credits
// ceiling stops it before the request that would pass it; a chunk with a missing field, a wrong
// type or a cut-off body stops it naming the operation, county and chunk; a dropped connection
// is asked again (said in the log); a service gone mid-sync stops it after a few tries. Each
// stop keeps what was good in the journal, and the same command then finishes with the demo's
// records, asking nothing journaled again.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSync } from './run-sync';
import type { Fault } from './published-proxy';
import { proxyBed } from './testing/proxy-bed';
import { spawnSync } from './testing/sync-child';
import { demoFabric, expectSameAsDemo } from './testing/sync-fixture';
import { syncOptions } from './testing/sync-options';
import { readManifest, readWorkspaceFabric } from './workspace-files';

const bed = proxyBed('sync-faults-', demoFabric);
const { workspace } = bed;
const METADATA = new Set(['listApis', 'fabricVintages', 'coverageVintages']);
const journalCount = (dir: string) => {
  const sync = join(dir, '.sync');
  return readdirSync(join(sync, readdirSync(sync)[0]!)).length;
};
const VINTAGES = ['202412', '202506'];

/** Runs the sync again without faults: it finishes, asking only for what was not journaled. */
async function resumes(dir: string, journaled: number) {
  bed.proxy.fault = null;
  bed.proxy.seen.length = 0;
  await runSync(syncOptions(bed.proxy.url, dir));
  const asked = bed.proxy.seen.filter((r) => !METADATA.has(r.op)).length;
  expect(asked).toBe(journalCount(dir) - journaled);
  await expectSameAsDemo(
    bed.fabric,
    readWorkspaceFabric(dir, readManifest(dir)!),
    VINTAGES,
    VINTAGES,
  );
}

/** A sync that stops on the fault: its error, and what it had journaled. */
async function stopsOn(fault: (req: { op: string }, n: number) => Fault | undefined) {
  const dir = workspace();
  bed.proxy.seen.length = 0;
  bed.proxy.fault = fault;
  const err = await runSync(syncOptions(bed.proxy.url, dir)).then(
    () => null,
    (e: unknown) => e as Error & { exitCode: number },
  );
  bed.proxy.fault = null;
  expect(err?.name).toBe('SyncStopped');
  expect(readManifest(dir)).toBeNull();
  return { err: err!, dir, journaled: journalCount(dir) };
}

describe('the sync against a misbehaving service', () => {
  it('waits out a 429 storm as Retry-After says and finishes', async () => {
    const dir = workspace();
    bed.proxy.seen.length = 0;
    let stormUntil = 0;
    bed.proxy.fault = (req) => {
      if (req.op !== 'bulk') return undefined;
      stormUntil ||= Date.now() + 1500;
      if (Date.now() > stormUntil) return undefined;
      return {
        status: 429,
        headers: { 'retry-after': '1' },
        body: '{"error":{"code":"rate_limited","message":"slow down"}}',
      };
    };
    const log: string[] = [];
    await runSync(syncOptions(bed.proxy.url, dir, log));
    bed.proxy.fault = null;
    const throttled = bed.proxy.seen.filter((r) => r.status === 429).length;
    expect(throttled).toBeGreaterThan(0);
    // Four at a time, each waiting 1 s after its 429: a 1.5 s storm gets a few rounds of four,
    // never the hundreds a client retrying at once would send.
    expect(throttled).toBeLessThanOrEqual(4 * 3);
    expect(log.some((l) => l.includes('waiting 1 s as Retry-After says'))).toBe(true);
    await expectSameAsDemo(
      bed.fabric,
      readWorkspaceFabric(dir, readManifest(dir)!),
      VINTAGES,
      VINTAGES,
    );
  });

  it('stops before passing --credits, says so with exit code 3, and resumes', async () => {
    const dir = workspace();
    bed.proxy.seen.length = 0;
    const stopped = await spawnSync(bed.proxy.url, dir, ['--credits', '300']).exited;
    expect(stopped.code).toBe(3);
    expect(stopped.stderr).toMatch(
      /credits ceiling reached: \d+ credits spent, and bulk 20\d{4} county 17167 chunk/,
    );
    // Prices of listapis: boundary 1, collect3 10, bulk 50 a call.
    const price: Record<string, number> = { boundary: 1, collect3: 10, bulk: 50 };
    const spent = bed.proxy.seen.reduce((sum, r) => sum + (price[r.op] ?? 0), 0);
    expect(spent).toBeLessThanOrEqual(300);
    expect(spent).toBeGreaterThan(300 - 50);
    await resumes(dir, journalCount(dir));
  });

  const secondBulk = (alter: (rows: Record<string, unknown>[]) => unknown) =>
    stopsOn((req, n) =>
      req.op === 'bulk' && n === 2
        ? { alter: (text) => JSON.stringify(alter(JSON.parse(text) as Record<string, unknown>[])) }
        : undefined,
    );

  it.each([
    [
      'a missing field',
      (rows: Record<string, unknown>[]) =>
        rows.map(({ uuid, ...rest }) => (uuid === rows[0]!.uuid ? { uuid } : { uuid, ...rest })),
    ],
    [
      'a wrong type',
      (rows: Record<string, unknown>[]) =>
        rows.map((r, i) =>
          i === 1 ? { ...r, [Object.keys(r).find((k) => k !== 'uuid')!]: [1] } : r,
        ),
    ],
  ])(
    'stops on a bulk chunk with %s, naming the operation and chunk (exit 4)',
    async (_what, alter) => {
      const { err, dir, journaled } = await secondBulk(alter);
      expect(err.exitCode).toBe(4);
      expect(err.message).toMatch(
        /^bulk 20\d{4} county 17167 chunk \d+ of \d+ \(fields [a-z_, ]+\): the answer does not have the published shape at [01]\.[a-z_]+/,
      );
      await resumes(dir, journaled);
    },
  );

  it('stops on a cut-off body, naming the operation and chunk (exit 4)', async () => {
    const { err, dir, journaled } = await stopsOn((req, n) =>
      req.op === 'fixedCoverageBulk' && n === 2
        ? { alter: (t) => t.slice(0, t.length >> 1) }
        : undefined,
    );
    expect(err.exitCode).toBe(4);
    expect(err.message).toMatch(
      /^bdcfixed 20\d{4} county 17167 chunk \d+ of \d+: the answer is not whole JSON/,
    );
    await resumes(dir, journaled);
  });

  it('asks again after a dropped connection, says so, and finishes counting both sends', async () => {
    const dir = workspace();
    const log: string[] = [];
    bed.proxy.seen.length = 0;
    bed.proxy.fault = (req, n) => (req.op === 'fields' && n === 1 ? { drop: true } : undefined);
    const manifest = await runSync(syncOptions(bed.proxy.url, dir, log));
    bed.proxy.fault = null;
    expect(log.filter((l) => l.includes('asking again'))).toEqual([
      expect.stringMatching(
        /^fields 20\d{4}: the service unreachable \(.+\); asking again in \d+ ms$/,
      ),
    ]);
    // The vintages' two fields and the one that was cut off.
    expect(manifest.requests['GET fields']).toBe(3);
    await expectSameAsDemo(
      bed.fabric,
      readWorkspaceFabric(dir, readManifest(dir)!),
      VINTAGES,
      VINTAGES,
    );
  });

  it('stops when the service goes away mid-sync (exit 5), naming the request, and resumes', async () => {
    const { err, dir, journaled } = await stopsOn((req) =>
      req.op === 'history' ? { drop: true } : undefined,
    );
    expect(err.exitCode).toBe(5);
    expect(err.message).toMatch(
      /^history 20\d{4} location \d+: the service unreachable \(.+\) 4 times; stopped/,
    );
    await resumes(dir, journaled);
  });
});
