// `npm start`'s app server as a child process, for tests that kill it (kill -9) and start it
// again over the same folder: its address is read from its "listening on" line.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

export interface ChildAppServer {
  url: string;
  /** SIGKILL: no handler runs, nothing is flushed, as in a crash. */
  kill9(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) =>
    child.exitCode !== null || child.signalCode !== null
      ? done()
      : child.once('exit', () => done()),
  );

export function startChildAppServer(env: Record<string, string>): Promise<ChildAppServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/app/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SERVICE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the app server did not start within 60 s:\n${out}`));
    }, 60_000);
    const hear = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', hear);
      child.stdout?.resume();
      done({
        url,
        kill9: async () => {
          child.kill('SIGKILL');
          await exited(child);
        },
      });
    };
    child.stdout?.on('data', hear);
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the app server exited (${code}) before listening:\n${out}`));
    });
  });
}
