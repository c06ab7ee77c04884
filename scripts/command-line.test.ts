// Every command of package.json that runs the project's own code answers `--help` with its
// usage and exit code 0, and an unknown option with what was wrong, its usage and exit code 2,
// before doing anything (no build, no server, no database).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** `npm run NAME`'s program and arguments, when it runs one of the project's own files. */
function ownProgram(script: string): string[] | null {
  // `tsx [node flags] file` (the service passes V8 flags: server/service/node-flags.ts).
  const tsx = /^tsx((?: --\S+)*) (\S+)$/.exec(script);
  if (tsx) return [...tsx[1]!.split(' ').filter(Boolean), '--import', 'tsx', tsx[2]!];
  const node = /^node (scripts\/\S+\.mjs)$/.exec(script);
  return node ? [node[1]!] : null;
}

const COMMANDS = Object.entries(scripts)
  .map(([name, script]) => [name, ownProgram(script)] as const)
  .filter((entry): entry is readonly [string, string[]] => entry[1] !== null);

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // No database, service or token: a command that went on past its arguments would fail.
    const env = { ...process.env, DATABASE_URL: '', SERVICE_URL: '', PORT: '1' };
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('command lines', () => {
  it('finds the commands: npm start, test, service, import, demo, bench and the rest', () => {
    expect(COMMANDS.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'start',
        'test',
        'dev',
        'service',
        'import',
        'demo',
        'bench',
        'bench:map',
        'soak',
      ]),
    );
  });

  it.each(COMMANDS)(
    'npm run %s -- --help prints its usage and exits 0',
    async (_name, program) => {
      const { code, stdout } = await run([...program, '--help']);
      expect(stdout).toMatch(/^usage: npm (run \S+|start|test)/m);
      expect(code).toBe(0);
    },
    60_000,
  );

  it.each(COMMANDS)(
    'npm run %s -- --no-such-option names it, prints the usage and exits 2',
    async (_name, program) => {
      const { code, stderr } = await run([...program, '--no-such-option']);
      expect(stderr).toContain('--no-such-option');
      expect(stderr).toMatch(/^usage: npm (run \S+|start|test)/m);
      expect(code).toBe(2);
    },
    60_000,
  );
});
