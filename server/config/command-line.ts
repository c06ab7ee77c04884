// Every command's arguments read one way (node:util parseArgs, strict): `--help` or `-h` prints
// the usage and exits 0; an unknown option, a missing value or a bad one prints what was wrong
// and the usage, and exits 2, before the command does anything.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type HelpOption = { help: { type: 'boolean'; short: 'h' } };
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{
    args: string[];
    options: O & HelpOption;
    strict: true;
    allowPositionals: boolean;
  }>
>;

export interface Command {
  /** The command's name, first on every error line (`import: --vintage ...`). */
  name: string;
  /** What --help prints: a usage line, then what the command does and its settings. */
  usage: string;
}

/** Prints `command: message` and the usage on stderr, and exits 2. */
export function refuseCommandLine(command: Command, message: string): never {
  console.error(`${command.name}: ${message}\n${command.usage}`);
  process.exit(2);
}

/** The options given (parseArgs' values), after --help and unknown options were answered. */
export function readCommandLine<const O extends Options>(
  command: Command,
  options: O,
  { args = process.argv.slice(2), positionals = false } = {},
): Parsed<O> {
  const config = {
    args,
    options: { ...options, help: { type: 'boolean', short: 'h' } } as O & HelpOption,
    strict: true as const,
    allowPositionals: positionals,
  };
  // --help wins over anything else on the line, even an option the command doesn't know.
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.usage);
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (err) {
    return refuseCommandLine(command, (err as Error).message);
  }
}

/** An integer option's value, at least `min`; `fallback` when it is not given. */
export function integerOption(
  command: Command,
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    refuseCommandLine(command, `--${name} takes an integer of at least ${min} (got "${value}")`);
  return n;
}
