// The service under benchmark in its own process (so its RSS is its own, and the load
// generator doesn't share its event loop): started on loopback, awaited until it prints
// `listening on`, stopped at the end. The app server and the bare locate handler the ratios
// compare with run the same way.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { build } from 'esbuild';
import { SERVICE_NODE_FLAGS } from '../server/service/node-flags';

/** What can run in a benchmark process, by its bundle's name. */
const PROGRAMS = {
  service: 'server/service/main.ts',
  'app-server': 'server/app/main.ts',
  'bare-locate': 'bench/bare-locate-server.ts',
  // The workspace benchmark's upstream: the published operations only, the demo county synced.
  'published-upstream': 'server/workspace/testing/published-upstream.ts',
} as const;
export type Program = keyof typeof PROGRAMS;

const built = new Map<Program, Promise<void>>();

/**
 * A server compiled ahead of time into one ES module for plain node (packages stay in
 * node_modules), the way a deployment runs it: under tsx, TypeScript compiled on the fly costs
 * the process a loader thread and source maps, about 40 MB of RSS that isn't the service's.
 * bench/.build/ sits at the depth of server/service/, so the bundles find the same .data/ (and
 * the app server its package.json). The heavy-work worker's entry is bundled beside them
 * (heavy-worker.mjs), where the service looks. Each is built once per run.
 */
function buildProgram(program: Program, log: (line: string) => void): Promise<void> {
  let done = built.get(program);
  if (!done) {
    done = (async () => {
      const started = performance.now();
      await build({
        entryPoints: {
          [program]: PROGRAMS[program],
          'heavy-worker': 'server/service/pool/heavy-worker.ts',
        },
        outdir: 'bench/.build',
        outExtension: { '.js': '.mjs' },
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
      });
      log(
        `  ${program} compiled to bench/.build/${program}.mjs in ${Math.round(performance.now() - started)} ms`,
      );
    })();
    built.set(program, done);
  }
  return done;
}

export interface ServiceProcess {
  url: string;
  pid: number;
  /** Resident set size in MiB (VmRSS), and its peak so far (VmHWM). */
  memory(): { rssMb: number; peakMb: number };
  /** CPU seconds used so far (utime + stime of every thread). */
  cpuSeconds(): number;
  /** Resolves true once it has printed a line matching `pattern`, false after `ms` without. */
  waitForLine(pattern: RegExp, ms: number): Promise<boolean>;
  stop(): Promise<void>;
}

/** A free loopback port (the service's main takes a fixed PORT). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function statusKb(pid: number, key: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${key} in /proc/${pid}/status`);
  return Number(match[1]);
}

/** Clock ticks per second of /proc's CPU times (100 unless the kernel says otherwise). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds the process has used so far, all its threads, user and system. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // From the state field on: the command name before it may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

export function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startServiceProcess(opts: {
  locations: number;
  token: string;
  readyTimeoutMs: number;
  log: (line: string) => void;
  /** More environment for the service (SERVICE_WORKERS, ...). */
  env?: Record<string, string>;
  /** The service unless said otherwise. */
  program?: Program;
  /** Node's flags: the service's own (SERVICE_NODE_FLAGS) unless said otherwise, else none. */
  nodeFlags?: readonly string[];
  /**
   * Whether lines printed once it listens are shown (default yes); the app server's access
   * lines are not, one per request. They are read either way, and kept for an early exit.
   */
  echoAfterReady?: boolean;
}): Promise<ServiceProcess> {
  const port = await freePort();
  const program = opts.program ?? 'service';
  await buildProgram(program, opts.log);
  const flags = opts.nodeFlags ?? (program === 'service' ? SERVICE_NODE_FLAGS : []);
  const child = spawn(process.execPath, [...flags, `bench/.build/${program}.mjs`], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_LOCATIONS: String(opts.locations),
      SERVICE_TOKENS: opts.token,
      SERVICE_RATE_LIMIT: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start the ${program} process`);
  const output: string[] = [];
  // Every line before it listens (start-up, a few dozen), then the last 20.
  const early: string[] = [];
  const waiters = new Set<{ pattern: RegExp; done: (seen: boolean) => void }>();
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await waitExit(child, 5000))) {
      child.kill('SIGKILL');
      await waitExit(child, 5000);
    }
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`${program} not ready after ${opts.readyTimeoutMs} ms`)),
      opts.readyTimeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(new Error(`${err.message}\n${output.slice(-20).join('\n')}`));
    };
    let ready = false;
    const onLine = (line: string) => {
      output.push(line);
      if (output.length > 20) output.shift();
      if (!ready) early.push(line);
      for (const w of waiters) if (w.pattern.test(line)) w.done(true);
      if (!ready || opts.echoAfterReady !== false) opts.log(`  ${program}: ${line}`);
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(line);
      if (m && !ready) {
        ready = true;
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    child.once('exit', (code, signal) =>
      fail(new Error(`${program} exited early (code ${code}, signal ${signal})`)),
    );
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });

  return {
    url,
    pid,
    memory: () => ({ rssMb: statusKb(pid, 'VmRSS') / 1024, peakMb: statusKb(pid, 'VmHWM') / 1024 }),
    cpuSeconds: () => cpuSeconds(pid),
    waitForLine: (pattern, ms) => {
      if ([...early, ...output].some((line) => pattern.test(line))) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter = {
          pattern,
          done: (seen: boolean) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(seen);
          },
        };
        const timer = setTimeout(() => waiter.done(false), ms);
        waiters.add(waiter);
      });
    },
    stop,
  };
}
