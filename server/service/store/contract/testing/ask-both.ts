// Put the same questions to the reference store and the store under test, a few at a time (a
// database store answers several at once), and pair the answers. A refusal is an answer too: a
// ServiceError by its code, any other rejection as a plain refusal (the message is free: shown,
// never compared).
import { ServiceError } from '../../../../contract/errors';
import type { Store } from '../../store';
import { expect } from 'vitest';
import { disagreements, type Asked } from './same-answer';

export interface Question<T> {
  what: string;
  ask(store: Store): Promise<T>;
}

export type Refusal = { refused: string; message: string };

async function answer<T>(store: Store, q: Question<T>): Promise<T | Refusal> {
  try {
    return await q.ask(store);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { refused: err instanceof ServiceError ? err.code : 'error', message };
  }
}

/** Each question asked of both stores (at most `concurrency` at a time per store). */
export async function askBoth<T>(
  subject: Store,
  reference: Store,
  questions: Question<T>[],
  concurrency = 8,
): Promise<Asked<T | Refusal>[]> {
  const out: Asked<T | Refusal>[] = Array.from({ length: questions.length });
  let next = 0;
  const worker = async () => {
    while (next < questions.length) {
      const k = next++;
      const q = questions[k];
      const [actual, expected] = await Promise.all([answer(subject, q), answer(reference, q)]);
      out[k] = { what: q.what, actual, expected };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

/** The reference store's answers alone: what a case relies on to be worth asking. */
export const expectedOf = <T>(asked: Asked<T>[]): T[] => asked.map((a) => a.expected);

/** Each question asked of both stores, which must answer alike: the reference store's answers. */
export async function agreedAnswers<T>(
  stores: { subject: Store; reference: Store },
  questions: Question<T>[],
): Promise<T[]> {
  const asked = await askBoth(stores.subject, stores.reference, questions);
  expect(disagreements(asked)).toEqual([]);
  return expectedOf(asked) as T[];
}
