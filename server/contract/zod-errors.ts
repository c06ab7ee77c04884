// Zod issues rewritten as messages that name the parameter and the rule, e.g.
// "neardistancem must be at most 100" (docs/SERVICE.md, "Errors", asks for exactly that).
import type { z } from 'zod';
import { ServiceError, type ErrorCode } from './errors';

type Issue = z.core.$ZodIssue;

function pathName(path: readonly PropertyKey[], root: string): string {
  let out = root;
  for (const key of path)
    out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out || 'value';
}

// Messages set in the schemas are predicates in lower case ("must be six digits (YYYYMM)")
// that follow the parameter's name; zod's own defaults start with a capital letter.
function isCustom(issue: Issue): boolean {
  return /^[a-z]/.test(issue.message);
}

const items = (n: number | bigint) => `${String(n)} item${n === 1 ? '' : 's'}`;

export function describeIssue(issue: Issue, root = ''): string {
  const name = pathName(issue.path, root);
  if (isCustom(issue)) return `${name} ${issue.message}`;
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves `input` out of issues by default; its message says what it received.
      if (issue.message.endsWith('received undefined')) return `${name} is required`;
      // A query parameter given twice arrives as an array of its values.
      if (issue.expected === 'string' && issue.message.endsWith('received array')) {
        return `${name} must be given once`;
      }
      return `${name} must be ${issue.expected === 'array' ? 'an array' : `a ${issue.expected}`}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `${name} must hold at most ${items(issue.maximum)}`
        : `${name} must be at most ${String(issue.maximum)}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `${name} must hold at least ${items(issue.minimum)}`
        : `${name} must be at least ${String(issue.minimum)}`;
    case 'invalid_value':
      return `${name} must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${name} has an invalid format`;
    case 'invalid_union':
      return `${name} has an invalid shape`;
    case 'unrecognized_keys':
      return `${name} has unknown keys: ${issue.keys.join(', ')}`;
    default:
      return `${name}: ${issue.message}`;
  }
}

/** The name a query/path issue is about: its first path element. */
function parameterOf(issue: Issue | undefined): string {
  const first = issue?.path[0];
  return first === undefined ? 'request' : String(first);
}

export function zodFailure(error: z.ZodError, code: ErrorCode = 'invalid_parameter'): ServiceError {
  const issue = error.issues[0];
  return new ServiceError(code, issue ? describeIssue(issue) : 'invalid request', {
    parameter: parameterOf(issue),
  });
}

/** zod-openapi's defaultHook: any request validation failure becomes 400 invalid_parameter. */
export function throwOnInvalid(
  result: { success: true } | { success: false; error: z.ZodError },
): void {
  if (!result.success) throw zodFailure(result.error);
}
