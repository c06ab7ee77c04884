// Worst-case areas at the documented limits (server/service/testing/worst-case-areas.ts), sent
// over real HTTP to the service in its own process, so its RSS and CPU time are its own. Shared
// by `npm run bench` (absolute figures against their targets) and the measured test (each
// figure against a simple area of the same size measured in the same run).
//
// CPU is read per thread from /proc: the worker threads that do an area's work (not the GC
// helpers beside them), and the event loop, which reads the body, hands it over and answers the
// locates sent meanwhile. Wall-clock time is printed but held to nothing: on a shared 2-core
// machine it measures the neighbours as much as the service.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  COUNTY_EXTENT,
  WORST_CASE_AREAS,
  detailedRing,
  type WorstCaseArea,
} from './worst-case-shapes';
import { startServiceProcess, type ServiceProcess } from './service-process';

const TOKEN = 'worst-case';
const VINTAGE = '202506';
const LOCATIONS = 85_000;
const SUMMARIZE = `/fabricext/${VINTAGE}/summarize?field=building_type_code,unit_count`;

/** What one request may cost, whatever the area (docs/SERVICE.md, "Limits"). */
export const WORST_CASE_TARGETS = { cpuMs: 1000, extraRssMb: 200, locateP90Ms: 100 };

export interface AreaFigures {
  shape: string;
  vertices: number;
  bodyKb: number;
  status: number;
  ms: number;
  /** CPU of the heavy-work worker threads, ms (10 ms ticks). */
  cpuMs: number;
  /** CPU of the event loop meanwhile, ms. */
  loopCpuMs: number;
  extraRssMb: number;
  rssAfterMb: number;
  locates: number;
  locateP50Ms: number;
  locateP90Ms: number;
  slowestLocateMs: number;
}

export interface AreaMeasure {
  status: number;
  json: Record<string, unknown>;
  probes: { status: number; ms: number }[];
  figures: AreaFigures;
}

/** CPU time (user + system, ms) of one thread of a process; 0 once the thread is gone. */
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

function kb(pid: number, key: string): number {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  if (!m) throw new Error(`no ${key} for ${pid}`);
  return Number(m[1]);
}

/** The q-quantile of the probes' times (nearest rank), in whole ms; 0 for none. */
function quantile(probes: { ms: number }[], q: number): number {
  const sorted = probes.map((p) => p.ms).sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
}

export interface WorstCaseService {
  pid: number;
  /** One summarize of `area`, with locates sent meanwhile and the peak RSS (VmHWM, reset first). */
  measure(area: WorstCaseArea): Promise<AreaMeasure>;
  /**
   * Worker CPU (ms) of one summarize of a simple area as large as the limits allow (a wavy ring
   * of 100,000 vertices over the county): the mean of `times` in a row, and its answer's status.
   * What any area of that size costs; a worst case's shape adds the rest.
   */
  baselineCpuMs(times: number): Promise<{ cpuMs: number; status: number }>;
  stop(): Promise<void>;
}

export async function startWorstCaseService(
  log: (line: string) => void,
): Promise<WorstCaseService> {
  /** OS thread ids of the service's workers, by worker number, from its `worker N ready` lines. */
  const workerThreads = new Map<string, number>();
  const service: ServiceProcess = await startServiceProcess({
    locations: LOCATIONS,
    token: TOKEN,
    readyTimeoutMs: 300_000,
    log: (line) => {
      const m = /worker (\d+) ready in \d+ ms \(thread (\d+)\)/.exec(line);
      if (m) workerThreads.set(m[1]!, Number(m[2]));
      log(line);
    },
  });
  // The CPU figures would leave the areas' work out without them.
  if (workerThreads.size === 0) {
    await service.stop();
    throw new Error('the service printed no worker thread ids');
  }
  const pid = service.pid;
  const workerCpuMs = () => {
    let ms = 0;
    for (const tid of workerThreads.values()) ms += threadCpuMs(pid, tid);
    return ms;
  };
  const post = async (body: string) => {
    const started = performance.now();
    const res = await fetch(service.url + SUMMARIZE, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(120_000),
    });
    const json = (await res.json()) as Record<string, unknown>;
    return { status: res.status, json, ms: performance.now() - started };
  };
  const locate = async () => {
    const { west, south, east, north } = COUNTY_EXTENT;
    const started = performance.now();
    const res = await fetch(
      `${service.url}/fabricext/${VINTAGE}/locate?latitude=${(south + north) / 2}&longitude=${(west + east) / 2}`,
      { headers: { Authorization: `Bearer ${TOKEN}` } },
    );
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  };

  const measure = async (area: WorstCaseArea): Promise<AreaMeasure> => {
    const body = JSON.stringify(area.geometry);
    // Writing 5 resets the peak resident set size of the process (proc(5), clear_refs).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const rssBeforeMb = kb(pid, 'VmRSS') / 1024;
    const cpuBefore = workerCpuMs();
    const loopBefore = threadCpuMs(pid, pid);
    const state = { done: false };
    const answer = post(body).finally(() => (state.done = true));
    const probes: { status: number; ms: number }[] = [];
    while (!state.done) {
      await new Promise((r) => setTimeout(r, 20));
      if (!state.done) probes.push(await locate());
    }
    const res = await answer;
    const peakMb = kb(pid, 'VmHWM') / 1024;
    const figures: AreaFigures = {
      shape: area.name,
      vertices: area.vertices,
      bodyKb: Math.round(body.length / 1024),
      status: res.status,
      ms: Math.round(res.ms),
      cpuMs: workerCpuMs() - cpuBefore,
      loopCpuMs: threadCpuMs(pid, pid) - loopBefore,
      extraRssMb: Math.round(peakMb - rssBeforeMb),
      rssAfterMb: Math.round(kb(pid, 'VmRSS') / 1024),
      locates: probes.length,
      locateP50Ms: quantile(probes, 0.5),
      locateP90Ms: quantile(probes, 0.9),
      slowestLocateMs: quantile(probes, 1),
    };
    return { status: res.status, json: res.json, probes, figures };
  };

  const baselineCpuMs = async (times: number) => {
    const body = JSON.stringify(detailedRing().geometry);
    const before = workerCpuMs();
    let status = 0;
    for (let k = 0; k < times; k++) status = (await post(body)).status;
    return { cpuMs: (workerCpuMs() - before) / times, status };
  };

  // Warm the summarize path so the first shape does not pay for compilation.
  await baselineCpuMs(2);
  return { pid, measure, baselineCpuMs, stop: () => service.stop() };
}

/** `npm run bench`'s section: every worst case against the absolute targets. */
export async function benchWorstCases(
  log: (line: string) => void,
): Promise<Record<string, number>> {
  log('worst-case areas (the demo county, 85,000 locations, service in its own process)');
  const service = await startWorstCaseService(() => {});
  const figures: Record<string, number> = {};
  try {
    const baseline = await service.baselineCpuMs(3);
    log(`  a simple ring of 100,000 vertices: ${Math.round(baseline.cpuMs)} ms of worker CPU`);
    figures.worst_case_baseline_cpu_ms = Math.round(baseline.cpuMs);
    let worstCpu = 0;
    let worstRss = 0;
    let worstLocate = 0;
    for (const make of WORST_CASE_AREAS) {
      const f = (await service.measure(make())).figures;
      const ok =
        f.cpuMs <= WORST_CASE_TARGETS.cpuMs / 2 &&
        f.loopCpuMs <= WORST_CASE_TARGETS.cpuMs / 2 &&
        f.extraRssMb <= WORST_CASE_TARGETS.extraRssMb &&
        f.locateP90Ms <= WORST_CASE_TARGETS.locateP90Ms;
      log(
        `  ${f.shape}: ${f.status}, worker CPU ${f.cpuMs} ms, event loop ${f.loopCpuMs} ms, +${f.extraRssMb} MB RSS, locate p90 ${f.locateP90Ms} ms over ${f.locates} (wall ${f.ms} ms): ${ok ? 'met' : 'MISSED'}`,
      );
      worstCpu = Math.max(worstCpu, f.cpuMs, f.loopCpuMs);
      worstRss = Math.max(worstRss, f.extraRssMb);
      worstLocate = Math.max(worstLocate, f.locateP90Ms);
    }
    Object.assign(figures, {
      worst_case_cpu_ms: worstCpu,
      worst_case_extra_rss_mb: worstRss,
      worst_case_locate_p90_ms: worstLocate,
    });
    const t = WORST_CASE_TARGETS;
    log(
      `  every worst case ≤ ${t.cpuMs / 2} ms of CPU (half the ${t.cpuMs} ms bound): ${worstCpu <= t.cpuMs / 2 ? 'met' : 'MISSED'}; ≤ ${t.extraRssMb} MB extra RSS: ${worstRss <= t.extraRssMb ? 'met' : 'MISSED'}; locate p90 meanwhile ≤ ${t.locateP90Ms} ms: ${worstLocate <= t.locateP90Ms ? 'met' : 'MISSED'}`,
    );
  } finally {
    await service.stop();
  }
  return figures;
}
