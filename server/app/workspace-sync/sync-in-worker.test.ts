// The app's sync on a worker thread gives what the sync gives in process: the same workspace,
// its log lines, progress and steps relayed, a Cancel stopping it with the journal kept, a stop
// rethrown with its message and exit code; and it runs off the calling thread, so the app
// server's map requests are not held while it reads back and checks the area.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { expect, it } from 'vitest';
import type { SyncStep } from '../../../shared/workspace-sync';
import { runSync } from '../../workspace/run-sync';
import { EXIT, SyncStopped } from '../../workspace/sync-stopped';
import type { SyncCounts } from '../../workspace/sync-progress';
import { proxyBed } from '../../workspace/testing/proxy-bed';
import { demoFabric } from '../../workspace/testing/sync-fixture';
import { syncOptions } from '../../workspace/testing/sync-options';
import { readManifest } from '../../workspace/workspace-files';
import { runSyncInWorker } from './sync-in-worker';

const bed = proxyBed('sync-worker-', demoFabric);
const { workspace } = bed;

it('writes the workspace the sync in process writes, on another thread, relaying its log and progress', async () => {
  const here = workspace();
  await runSync(syncOptions(bed.proxy.url, here));
  const there = workspace();
  const log: string[] = [];
  const progress: SyncCounts[] = [];
  const steps: SyncStep[] = [];
  const { thread } = await runSyncInWorker({
    ...syncOptions(bed.proxy.url, there, log),
    onProgress: (p) => progress.push(p),
    onStep: (step) => steps.push(step),
  });
  expect(steps).toEqual(['assembling', 'checking']);
  expect(thread).not.toBe(threadId);
  // The same manifest but for the time and file names, and the same files byte for byte.
  const strip = (dir: string) => {
    const { syncedAt: _s, fabricFile, uuidsFile, ...rest } = readManifest(dir)!;
    const bytes = (f: string | undefined) => f && readFileSync(join(dir, f)).toString('base64');
    return { ...rest, fabric: bytes(fabricFile), uuids: bytes(uuidsFile) };
  };
  expect(strip(there)).toEqual(strip(here));
  expect(log).toContain(
    "sync: data of fabric 202506 is answered from the workspace (its records match upstream's)",
  );
  expect(progress.length).toBeGreaterThan(10);
  expect(progress.at(-1)!.done).toBe(progress.at(-1)!.planned);
});

it('stops on Cancel with exit code 7, keeping what was answered for a resume', async () => {
  const dir = workspace();
  const controller = new AbortController();
  bed.proxy.seen.length = 0;
  bed.proxy.fault = (req, n) => {
    if (req.op === 'bulk' && n === 3) controller.abort();
    return undefined;
  };
  const err = await runSyncInWorker({
    ...syncOptions(bed.proxy.url, dir),
    signal: controller.signal,
  }).catch((e: unknown) => e);
  bed.proxy.fault = null;
  expect(err).toBeInstanceOf(SyncStopped);
  expect((err as SyncStopped).exitCode).toBe(EXIT.cancelled);
  expect(readManifest(dir)).toBeNull();
  const asked = bed.proxy.seen.length;
  bed.proxy.seen.length = 0;
  await runSyncInWorker(syncOptions(bed.proxy.url, dir));
  // The resume asks again only the metadata, not what the first part had answered.
  expect(bed.proxy.seen.filter((r) => r.op === 'bulk').length).toBeLessThan(34);
  expect(asked).toBeGreaterThan(3);
  expect(readManifest(dir)).not.toBeNull();
});

it('rethrows a stop with its message and exit code', async () => {
  const dir = workspace();
  bed.proxy.fault = (req) =>
    req.op === 'fixedCoverageBulk' ? { alter: (t) => t.slice(0, t.length >> 1) } : undefined;
  const err = await runSyncInWorker(syncOptions(bed.proxy.url, dir)).catch((e: unknown) => e);
  bed.proxy.fault = null;
  expect(err).toBeInstanceOf(SyncStopped);
  expect((err as SyncStopped).exitCode).toBe(EXIT.badAnswer);
  expect((err as Error).message).toMatch(
    /^bdcfixed 20\d{4} county 17167 chunk \d+ of \d+: the answer is not whole JSON/,
  );
});
