// `npm run users`: add takes the password from stdin (never the command line), the file is
// written readable by its owner only, list names the people, remove takes one out.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from './password-hash';
import { readUsers } from './users-file';

const TSX = resolve('node_modules/.bin/tsx');
const MAIN = resolve('server/app/auth/users-main.ts');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'users-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function users(args: string[], stdin = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(TSX, [MAIN, ...args, '--file', join(dir, 'users')]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => done({ code, out }));
    child.stdin.end(stdin);
  });
}

it('adds, lists and removes people, the file readable by its owner only', async () => {
  expect((await users(['add', 'ana'], 'a-long-password\n')).code).toBe(0);
  expect((await users(['add', 'ben'], 'another-long-one\n')).code).toBe(0);
  const file = join(dir, 'users');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(await verifyPassword('a-long-password', readUsers(file).get('ana') ?? null)).toBe(true);
  expect((await users(['list'])).out).toBe('ana\nben\n');
  expect((await users(['remove', 'ana'])).code).toBe(0);
  expect([...readUsers(file).keys()]).toEqual(['ben']);
});

it('refuses a password on the command line, and a short one', async () => {
  const argv = await users(['add', 'cy', 'a-long-password']);
  expect(argv.code).toBe(2);
  expect(argv.out).toContain('the password is asked for');
  const short = await users(['add', 'cy'], 'short\n');
  expect(short.code).toBe(1);
  expect(short.out).toContain('at least 10 characters');
});
