// Worst-case areas at the documented limits, over real HTTP, against the service in its own
// process (so its RSS and CPU time are its own): a comb, a spiral, thousands of holes,
// MultiPolygons of many parts (apart, and overlapping with every edge through one point), a
// 100,000-vertex ring. Each must be answered, or refused by a named limit, within 1 s of CPU
// time of the worker threads that do the work (not the GC helpers beside them) and 200 MB of
// extra RSS. The event loop's CPU is printed too: it reads the body and hands it over, and
// answers the locates sent meanwhile (most of its time). Wall-clock time is printed but not held to 1 s:
// on a shared 2-core machine it measures the neighbours as much as the service.
//
// Locates are sent one after another while each summarize is in flight, and nine in ten must be
// answered within LOCATE_MS, none past LOCATE_CEILING_MS: summarize runs in a worker thread, so
// the event loop that answers locate is never the one busy with the area. (Answered on the
// event loop, as before the worker pool, they waited for the whole summarize: 150-720 ms here
// on a quiet machine, 300-1,300 ms on a busy one.)
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../../../bench/service-process';
import { MAX_EDGE_TESTS } from '../ops/summarize';
import {
  COUNTY_EXTENT,
  MAX_AREA_VERTICES,
  WORST_CASE_AREAS,
  comb,
  type WorstCaseArea,
} from '../testing/worst-case-areas';

const TOKEN = 'worst-case';
const VINTAGE = '202506';
const LOCATIONS = 85_000;
const SUMMARIZE = `/fabricext/${VINTAGE}/summarize?field=building_type_code,unit_count`;
const LIMITS = { ms: 1000, extraRssMb: 200 };
/**
 * How fast nine locates in ten are answered while a worst-case area is worked on, and the
 * slowest any may be. Measured on a shared 2-core machine running the whole server suite beside
 * this file: p50 2-5 ms, p90 5-45 ms, and now and then one locate at 100-320 ms, when the test's
 * own process and its neighbours hold both cores (the event loop waits for a core, not for the
 * area). The ceiling is the second one request may cost: no locate waits that long.
 */
const LOCATE_MS = 100;
const LOCATE_CEILING_MS = 1000;

let service: ServiceProcess;
/** OS thread ids of the service's workers, by worker number, from its `worker N ready` lines. */
const workerThreads = new Map<string, number>();

/** CPU time (user + system, ms) of one thread of the service; 0 once the thread is gone. */
function threadCpuMs(pid: number, tid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time the service's heavy-work workers have used, in ms: where an area's work runs. */
function workerCpuMs(pid: number): number {
  let ms = 0;
  for (const tid of workerThreads.values()) ms += threadCpuMs(pid, tid);
  return ms;
}

function kb(pid: number, key: string): number {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  if (!m) throw new Error(`no ${key} for ${pid}`);
  return Number(m[1]);
}

async function post(path: string, body: string) {
  const started = performance.now();
  const res = await fetch(service.url + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body,
    signal: AbortSignal.timeout(120_000),
  });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, json, ms: performance.now() - started };
}

/** The q-quantile of the probes' times (nearest rank), in whole ms; 0 for none. */
function quantile(probes: { ms: number }[], q: number): number {
  const sorted = probes.map((p) => p.ms).sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
}

async function locate(): Promise<{ status: number; ms: number }> {
  const { west, south, east, north } = COUNTY_EXTENT;
  const started = performance.now();
  const res = await fetch(
    `${service.url}/fabricext/${VINTAGE}/locate?latitude=${(south + north) / 2}&longitude=${(west + east) / 2}`,
    { headers: { Authorization: `Bearer ${TOKEN}` } },
  );
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/**
 * One summarize of `area`, with locates sent one after another while it is in flight (the
 * slowest is reported), and the peak RSS meanwhile (VmHWM, reset first).
 */
async function measure(area: WorstCaseArea) {
  const body = JSON.stringify(area.geometry);
  // Writing 5 resets the peak resident set size of the process (proc(5), clear_refs).
  writeFileSync(`/proc/${service.pid}/clear_refs`, '5');
  const rssBeforeMb = kb(service.pid, 'VmRSS') / 1024;
  const cpuBefore = workerCpuMs(service.pid);
  const loopBefore = threadCpuMs(service.pid, service.pid);
  const state = { done: false };
  const answer = post(SUMMARIZE, body).finally(() => (state.done = true));
  const probes: { status: number; ms: number }[] = [];
  while (!state.done) {
    await new Promise((r) => setTimeout(r, 20));
    if (!state.done) probes.push(await locate());
  }
  const res = await answer;
  const peakMb = kb(service.pid, 'VmHWM') / 1024;
  const figures = {
    shape: area.name,
    vertices: area.vertices,
    bodyKb: Math.round(body.length / 1024),
    status: res.status,
    ms: Math.round(res.ms),
    cpuMs: workerCpuMs(service.pid) - cpuBefore,
    loopCpuMs: threadCpuMs(service.pid, service.pid) - loopBefore,
    extraRssMb: Math.round(peakMb - rssBeforeMb),
    rssAfterMb: Math.round(kb(service.pid, 'VmRSS') / 1024),
    locates: probes.length,
    locateP50Ms: quantile(probes, 0.5),
    locateP90Ms: quantile(probes, 0.9),
    slowestLocateMs: quantile(probes, 1),
  };
  console.log(JSON.stringify(figures));
  return { res, probes, figures };
}

beforeAll(async () => {
  service = await startServiceProcess({
    locations: LOCATIONS,
    token: TOKEN,
    readyTimeoutMs: 300_000,
    log: (line) => {
      const m = /worker (\d+) ready in \d+ ms \(thread (\d+)\)/.exec(line);
      if (m) workerThreads.set(m[1]!, Number(m[2]));
    },
  });
  // The CPU figures would leave the areas' work out without them.
  expect(workerThreads.size).toBeGreaterThan(0);
  // Warm the summarize path so the first shape does not pay for compilation.
  await post(SUMMARIZE, JSON.stringify(comb(1001).geometry));
}, 300_000);

afterAll(async () => {
  await service?.stop();
});

describe('worst-case areas at the limits', () => {
  it.each(WORST_CASE_AREAS.map((make) => [make().name, make] as const))(
    '%s: answered or refused within 1 s of CPU and 200 MB of extra RSS, 9 in 10 locates meanwhile within 100 ms',
    async (_name, make) => {
      const area = make();
      expect(area.vertices).toBeLessThanOrEqual(MAX_AREA_VERTICES);
      const { res, probes, figures } = await measure(area);
      // Answered (a summary) or refused by a named limit: more than maxcount locations inside,
      // or more edge tests than one request may cost.
      if (res.status !== 200) {
        expect(res.status).toBe(422);
        const error = (res.json as { error: { code: string; details?: object } }).error;
        if (error.code === 'maxcount_exceeded') expect(res.json).toMatchObject({ maxcount: 50000 });
        else
          expect(error).toMatchObject({
            code: 'area_too_complex',
            details: { max: MAX_EDGE_TESTS },
          });
      }
      for (const probe of probes) expect(probe.status).toBe(200);
      expect(probes.length).toBeGreaterThan(0);
      expect(figures.locateP90Ms).toBeLessThanOrEqual(LOCATE_MS);
      expect(figures.slowestLocateMs).toBeLessThanOrEqual(LOCATE_CEILING_MS);
      expect(figures.cpuMs).toBeLessThan(LIMITS.ms);
      expect(figures.loopCpuMs).toBeLessThan(LIMITS.ms);
      expect(figures.extraRssMb).toBeLessThan(LIMITS.extraRssMb);
    },
    60_000,
  );

  it('refuses one vertex past the limit by naming it', async () => {
    const area = comb(MAX_AREA_VERTICES + 4);
    expect(area.vertices).toBeGreaterThan(MAX_AREA_VERTICES);
    const { res, figures } = await measure(area);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: { code: 'invalid_geojson', details: { rule: 'max_vertices', max: MAX_AREA_VERTICES } },
    });
    expect(figures.cpuMs).toBeLessThan(LIMITS.ms);
  });
});
