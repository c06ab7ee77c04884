// The app server under the map benchmark, as `npm start` runs it (scripts/start.mjs: dist/
// rebuilt when stale, then the server with the embedded reference service over the demo
// fabric), in its own process on a free loopback port; stopped with SIGTERM (start.mjs passes
// it on), SIGKILL if it lingers.
import { spawn } from 'node:child_process';
import { freePort, waitExit } from './service-process';

export interface AppServerProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startAppServerProcess(opts: {
  /** DEMO_LOCATIONS; the app's default demo when undefined. */
  locations?: number;
  readyTimeoutMs: number;
  /** DIST_DIR: a build folder of the run's own; dist/ when undefined. */
  distDir?: string;
  log: (line: string) => void;
}): Promise<AppServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_LOCATIONS: opts.locations ? String(opts.locations) : '',
      SERVICE_URL: '',
      ...(opts.distDir ? { DIST_DIR: opts.distDir } : {}),
      // One browser asks for many tiles at once; the default per-client budget is not the subject.
      APP_RATE_LIMIT: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await waitExit(child, 10_000))) {
      child.kill('SIGKILL');
      await waitExit(child, 5000);
    }
  };
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(new Error(`${err.message}\n${output.slice(-20).join('\n')}`));
    };
    const timer = setTimeout(
      () => fail(new Error(`app server not ready after ${opts.readyTimeoutMs} ms`)),
      opts.readyTimeoutMs,
    );
    const onLine = (line: string) => {
      output.push(line);
      opts.log(`  app server: ${line}`);
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    child.once('exit', (code, signal) =>
      fail(new Error(`app server exited early (code ${code}, signal ${signal})`)),
    );
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { url, stop };
}
