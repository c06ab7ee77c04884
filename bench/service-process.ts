// The service under benchmark in its own process (so its RSS is its own, and the load
// generator doesn't share its event loop): started on loopback, awaited until it prints
// `listening on`, stopped at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { build } from 'esbuild';

/**
 * The service compiled ahead of time into one ES module for plain node (packages stay in
 * node_modules), the way a deployment runs it: under tsx, TypeScript compiled on the fly costs
 * the process a loader thread and source maps, about 40 MB of RSS that isn't the service's.
 * bench/.build/ sits at the depth of server/service/, so the bundle finds the same .data/. The
 * heavy-work worker's entry is bundled beside it (heavy-worker.mjs), where the service looks.
 */
async function buildService(log: (line: string) => void): Promise<string> {
  const outfile = 'bench/.build/service.mjs';
  const started = performance.now();
  await build({
    entryPoints: {
      service: 'server/service/main.ts',
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
  log(`  service compiled to ${outfile} in ${Math.round(performance.now() - started)} ms`);
  return outfile;
}

export interface ServiceProcess {
  url: string;
  pid: number;
  /** Resident set size in MiB (VmRSS), and its peak so far (VmHWM). */
  memory(): { rssMb: number; peakMb: number };
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
}): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [await buildService(opts.log)], {
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
  if (pid === undefined) throw new Error('could not start the service process');
  const output: string[] = [];
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await waitExit(child, 5000))) {
      child.kill('SIGKILL');
      await waitExit(child, 5000);
    }
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`service not ready after ${opts.readyTimeoutMs} ms`)),
      opts.readyTimeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(new Error(`${err.message}\n${output.slice(-20).join('\n')}`));
    };
    const onLine = (line: string) => {
      output.push(line);
      opts.log(`  service: ${line}`);
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(line);
      if (m) {
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
      fail(new Error(`service exited early (code ${code}, signal ${signal})`)),
    );
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });

  return {
    url,
    pid,
    memory: () => ({ rssMb: statusKb(pid, 'VmRSS') / 1024, peakMb: statusKb(pid, 'VmHWM') / 1024 }),
    stop,
  };
}
