// Which copy of a static file a request gets (RFC 9110 §12.5.3): the precompressed one its
// Accept-Encoding weighs highest, brotli before gzip at equal weight, the file as it is when it
// names neither; null when it refuses every copy there is (`identity;q=0` or `*;q=0`).
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';

const IDENTITY = 'identity';
const REFUSED = '';

/** `available`: the codings the file has copies in, best first. */
export function chooseCoding(c: Context, available: readonly string[]): string | null {
  const chosen = accepts(c, {
    header: 'Accept-Encoding',
    supports: [...available, IDENTITY],
    // No Accept-Encoding at all: any coding would do, but a client that says nothing gets none.
    default: IDENTITY,
    match: (list, { supports }) => {
      const named = (coding: string) => list.find((a) => a.type.toLowerCase() === coding)?.q;
      const star = list.find((a) => a.type === '*')?.q;
      let best = REFUSED;
      let bestQ = 0;
      for (const coding of supports) {
        // Unnamed, a coding takes `*`'s weight; identity is acceptable unless refused outright.
        const q = named(coding) ?? star ?? (coding === IDENTITY ? 1 : 0);
        if (q > bestQ) [best, bestQ] = [coding, q];
      }
      return best;
    },
  });
  return chosen === REFUSED ? null : chosen;
}
