// `npm run users -- add|remove|list NAME`: the people of password mode, in APP_USERS_FILE (or
// --file). A password is never taken from the command line (it would sit in the shell's history
// and the process list): add reads it from a prompt that does not echo, or from stdin's first
// line when stdin is not a terminal (`printf '%s\n' "$PW" | npm run users -- add ana`).
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { readCommandLine, refuseCommandLine } from '../../config/command-line';
import { hashPassword } from './password-hash';
import { USER_NAME, readUsers, writeUsers } from './users-file';

const command = {
  name: 'users',
  usage: `usage: npm run users -- add NAME | remove NAME | list  [--file FILE]
  Manages the people who may sign in when APP_AUTH=password. FILE defaults to APP_USERS_FILE.
  add asks for the password (or reads stdin's first line) and replaces NAME's if present; the
  file is rewritten whole, readable by its owner only.`,
};

const { values, positionals } = readCommandLine(
  command,
  { file: { type: 'string' } },
  { positionals: true },
);
const file = values.file ?? process.env.APP_USERS_FILE?.trim();
if (!file) refuseCommandLine(command, 'name the users file with --file or APP_USERS_FILE');
const [action, name, ...rest] = positionals;
if (rest.length > 0) refuseCommandLine(command, 'one NAME at a time; the password is asked for');

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  // The prompt is written, the typing is not.
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      rl.question(q, resolve);
      muted = true;
    });
  const first = await ask('Password: ');
  muted = false;
  process.stdout.write('\n');
  const again = await ask('Again: ');
  process.stdout.write('\n');
  rl.close();
  if (first !== again) throw new Error('the two passwords differ');
  return first;
}

async function main(path: string): Promise<void> {
  const users = readUsers(path);
  if (action === 'list' && name === undefined) {
    for (const user of users.keys()) console.log(user);
    return;
  }
  if ((action !== 'add' && action !== 'remove') || name === undefined)
    refuseCommandLine(command, 'say add NAME, remove NAME or list');
  if (!USER_NAME.test(name))
    refuseCommandLine(
      command,
      'NAME is letters, digits and . _ @ - (at most 64), starting with a letter or digit',
    );
  if (action === 'remove') {
    if (!users.delete(name)) refuseCommandLine(command, `${name} is not in ${path}`);
    writeUsers(path, users);
    console.log(`removed ${name}; their sessions end at their next request`);
    return;
  }
  const password = await readPassword();
  if (password.length < 10) throw new Error('a password must have at least 10 characters');
  users.set(name, await hashPassword(password));
  writeUsers(path, users);
  console.log(`${name} may sign in`);
}

main(file).catch((err: unknown) => {
  console.error(`users: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
