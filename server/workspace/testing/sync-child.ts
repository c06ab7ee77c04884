// `npm run sync` as a child process, the way a planner runs it, so a test can kill it (-9) or
// read its exit code and message.
import { spawn, type ChildProcess } from 'node:child_process';
import { TOKEN } from '../published-proxy';
import { COUNTY } from './sync-options';

export interface SyncChild {
  child: ChildProcess;
  exited: Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>;
}

export function spawnSync(
  url: string,
  workspaceDir: string,
  extra: string[] = [],
  counties = [COUNTY],
  more: Record<string, string> = {},
): SyncChild {
  const env = {
    ...process.env,
    SERVICE_URL: url,
    SERVICE_TOKEN: TOKEN,
    SERVICE_AUTH: 'bearer',
    ...more,
  };
  const args = ['--import', 'tsx', 'server/workspace/main.ts', '--county', counties.join(',')];
  args.push('--workspace', workspaceDir, '--rate', '100000', ...extra);
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<Awaited<SyncChild['exited']>>((ok, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => ok({ code, signal, stdout, stderr }));
  });
  return { child, exited };
}
